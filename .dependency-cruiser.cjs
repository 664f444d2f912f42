/**
 * The import graph of src/ (test/architecture/import-graph.test.ts checks it; `npx depcruise src` prints
 * it): no cycles, and no import from a lower stage to a higher one.
 *
 * STAGES is the one place the order is written, lowest first. A module may import its own folder and any
 * folder of a LOWER stage; folders that share a stage are peers and import neither each other nor anything
 * above. A path names a folder under src/ (or a file, without `.ts`); the longest listed path that holds a
 * module is its stage, and every module must be in one (a new folder gets a line here).
 */
const STAGES = [
  // Leaves: no import of src/ at all.
  ["plain-object", "package-root", "bundle", "handlebars-runtime", "speed"],
  ["version"],
  // The analysis half, in pipeline order: each stage reads the ones before it.
  ["schema"],
  ["read"],
  // Redaction runs on the raw session, before anything reads on (pipeline.ts), and needs only the reader.
  ["redact"],
  ["migrate"],
  ["tree"],
  ["context"],
  ["usage"],
  ["subagents"],
  ["pipeline"],
  // The output half: facts every format shares, then one renderer per format.
  ["diff"],
  ["view"],
  ["render/primitives", "render/templates"],
  ["render/html", "render/markdown", "render/json"],
  // The speed machinery the command hands the renderers as `speed` (the pieces as engines, the report
  // thread, V8's tier-up): it reads the renderers' code; render/ never imports it (rule below).
  ["speed/machinery"],
  ["render/formats"],
  ["renderers"],
  // Writing, finding sessions, and the entry points that compose it all.
  ["io"],
  ["output"],
  ["sessions"],
  // Running GitHub's gh: the one way share and pr talk to GitHub.
  ["github"],
  // The archive, a stage a folder: the site's folder on disk; the model of what it shows (the files'
  // records, the counting, archive.json); its search and its index pages; the pool that reads (and
  // renders) every session; the run that composes them. share sits beside the run.
  ["archive/site"],
  ["archive/model"],
  ["archive/search", "archive/pages"],
  ["archive/pool"],
  ["archive/run", "share"],
  ["pr", "costs"],
  ["index", "cli"],
  ["pi-extension"],
];

const escapeRegExp = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Matches the modules of these stage paths: a folder's files, or a file by its name. */
const modulesOf = (paths) => `^src/(${paths.map(escapeRegExp).join("|")})(/|\\.ts$|\\.d\\.ts$)`;

const allPaths = STAGES.flat();
/** The paths nested inside `path` (e.g. render/html in render): their own stage decides for them. */
const nestedIn = (path) => allPaths.filter((other) => other.startsWith(`${path}/`));

const stageRules = STAGES.flatMap((stage, index) => {
  const higher = STAGES.slice(index + 1).flat();
  return stage.map((path) => {
    const peers = stage.filter((other) => other !== path);
    const nested = nestedIn(path);
    return {
      name: `stage-order:${path}`,
      severity: "error",
      comment: `\`${path}\` (stage ${index + 1} of ${STAGES.length}) may import only its own folder and lower stages`,
      from: { path: modulesOf([path]), ...(nested.length > 0 ? { pathNot: modulesOf(nested) } : {}) },
      to: { path: modulesOf([...higher, ...peers]) },
    };
  });
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle: move the piece both sides need down into a module of its own",
      from: {},
      to: { circular: true },
    },
    // A module in no stage (a new folder) is neither checked nor allowed: give it its line in STAGES.
    {
      name: "in-no-stage",
      severity: "error",
      comment: "This module is in no stage: add its folder to STAGES in .dependency-cruiser.cjs",
      from: { path: "^src/", pathNot: modulesOf(allPaths) },
      to: {},
    },
    {
      name: "in-no-stage",
      severity: "error",
      comment: "This module is in no stage: add its folder to STAGES in .dependency-cruiser.cjs",
      from: {},
      to: { path: "^src/", pathNot: modulesOf(allPaths) },
    },
    // The speed machinery is handed to the renderers (`speed`: the pieces as engines, the report thread's
    // hooks) by whoever starts a report; a renderer never reaches for it, nor reads a switch of its own.
    {
      name: "render-without-speed",
      severity: "error",
      comment: "render/ takes the speed machinery as it is handed in (`speed`), never imports src/speed/",
      from: { path: "^src/render/" },
      to: { path: "^src/speed/" },
    },
    ...stageRules,
  ],
  options: {
    // Type-only imports count: a type a lower stage borrows from a higher one ties them as much as code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(?!src/)" },
  },
};
