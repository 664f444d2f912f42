import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, sep } from "node:path";
import type Handlebars from "handlebars";
import HandlebarsRuntime from "handlebars/runtime.js";
import { packagePath } from "../../package-root.js";
import { speedPieceOn } from "../../speed/pieces.js";
import {
  firstLine,
  formatCost,
  formatCostWithUnpriced,
  formatInteger,
  formatTokens,
} from "../../view/format.js";
import { fullHandlebars } from "../templates/handlebars-full.js";
import { TemplateError } from "../templates/template-error.js";
import {
  loadPrecompiledTemplates,
  type PrecompiledTemplate,
  precompiledTemplatesSource,
  type TemplateOptions,
  templateHash,
} from "./precompiled-templates.js";
import {
  type CompiledTemplates,
  compileTemplates,
  type Helper,
  parseTemplate,
  type Render,
  type TemplateAst,
} from "./template-compiler.js";

// Re-exported for the modules that load templates beside the HTML ones.
export { TemplateError } from "../templates/template-error.js";

/** The templates shipped with the tool: `templates/` at the package root (beside `src/` and `dist/`). */
export const DEFAULT_TEMPLATE_DIR = `${packagePath("templates")}${sep}`;

/** A compiled template set: the page, and the assets it inlines. */
export interface TemplateSet {
  /**
   * The page in pieces: the page around the transcript, and each top-level transcript node on its own
   * (`data.transcript` is those nodes). Joined, they are exactly the page rendered whole.
   */
  pageParts: (data: { transcript: readonly unknown[]; [field: string]: unknown }) => string[];
  css: string;
  script: string;
  /** What renders the page: the closures of template-compiler.ts, or handlebars for a set they cannot do. */
  engine: "closures" | "handlebars";
}

const cache = new Map<string, TemplateSet>();

/** The helpers a page template can use besides handlebars' own. */
export const HELPER_NAMES = [
  "tokens",
  "int",
  "cost",
  "costu",
  "eq",
  "gt",
  "plural",
  "join",
  "firstLine",
] as const;

/** The helpers of HELPER_NAMES, as the closures call them and as handlebars has them registered. */
const PAGE_HELPERS: Readonly<Record<(typeof HELPER_NAMES)[number], Helper>> = {
  tokens: (value: unknown) => formatTokens(Number(value) || 0),
  int: (value: unknown) => formatInteger(Number(value) || 0),
  cost: (value: unknown) => formatCost(Number(value) || 0),
  // costu cost unpricedTokens [unrecordedTurns]: handlebars passes its options object last, never a number.
  costu: (cost: unknown, unpriced: unknown, unrecorded: unknown) =>
    formatCostWithUnpriced(
      Number(cost) || 0,
      Number(unpriced) || 0,
      typeof unrecorded === "number" ? unrecorded : 0,
    ),
  eq: (a: unknown, b: unknown) => a === b,
  gt: (a: unknown, b: unknown) => Number(a) > Number(b),
  plural: (count: unknown, one: unknown, many: unknown) =>
    `${formatInteger(Number(count) || 0)} ${Number(count) === 1 ? String(one) : String(many)}`,
  join: (list: unknown, separator: unknown) =>
    Array.isArray(list) ? list.join(typeof separator === "string" ? separator : ", ") : "",
  firstLine: (text: unknown, max: unknown) => firstLine(String(text ?? ""), Number(max) || 80),
};

/** Registers HELPER_NAMES on a handlebars instance. */
export function registerPageHelpers(handlebars: typeof Handlebars): void {
  for (const name of HELPER_NAMES)
    handlebars.registerHelper(name, PAGE_HELPERS[name] as Handlebars.HelperDelegate);
}

/** Files of a template directory by name: `page.hbs`, partials (`*.hbs` here or in `partials/`), assets. */
function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const sub of ["", "partials", "assets"]) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      if (name.endsWith(".hbs") || name.endsWith(".css") || name.endsWith(".js"))
        files.set(name, join(folder, name));
    }
  }
  return files;
}

/** The key of the page in a set of closures. */
const PAGE_KEY = "/page";

/**
 * What `pagePartsOf` needs of a template engine: the page and the transcript partial, and a way to put a
 * function of its own in place of the transcript partial where the page calls it.
 */
interface PageRenderer {
  page: (data: unknown) => string;
  transcript: (context: unknown) => string;
  replaceTranscript: (partial: (context: { nodes?: unknown }) => string) => void;
}

function handlebarsPage(
  handlebars: typeof Handlebars,
  page: Handlebars.TemplateDelegate,
  transcript: Handlebars.TemplateDelegate,
): PageRenderer {
  return {
    page,
    transcript: (context) => transcript(context),
    replaceTranscript(partial) {
      // A partial may be a function of (context, options); `{{> transcript nodes=x}}` passes the context
      // with `nodes` set.
      handlebars.registerPartial("transcript", ((context: { nodes?: unknown }) =>
        partial(context)) as unknown as Handlebars.Template);
    },
  };
}

function closurePage(closures: CompiledTemplates): PageRenderer {
  const transcript = closures.get("transcript") as Render;
  return {
    page: closures.get(PAGE_KEY) as Render,
    transcript,
    replaceTranscript: (partial) => closures.set("transcript", partial as Render),
  };
}

/**
 * Renders the page as pieces rather than one string. Why: a large session's page is one string of tens of
 * millions of characters built by concatenation, and turning it into bytes makes V8 copy it whole, flat
 * (twice its length in bytes when any character is outside Latin-1), beside the bytes themselves. In
 * pieces, each is small when encoded, and the report is written from one buffer the size of the file.
 *
 * The page is rendered with the top-level transcript replaced by a marker (the `transcript` partial,
 * when called with exactly those nodes, returns it), then split there; each node is rendered by the
 * `transcript` partial on its own. The shipped partial is one `{{#each nodes}}` followed by a fixed
 * suffix (what it renders for no nodes), so the nodes' pieces, each without that suffix, and the suffix
 * once join to exactly what it renders for all of them. A `transcript.hbs` of the user's own may not have
 * that shape: with it, and whenever a piece does not end as expected, the page is rendered whole.
 */
function pagePartsOf(renderer: PageRenderer, shippedTranscript: boolean): TemplateSet["pageParts"] {
  if (!shippedTranscript) return (data) => [renderer.page(data)];
  const { page, transcript } = renderer;
  let slot: { nodes: readonly unknown[]; marker: string } | null = null;
  // The top level is told apart by identity: `{{> transcript nodes=transcript}}` passes exactly the nodes.
  renderer.replaceTranscript((context) =>
    slot !== null && context?.nodes === slot.nodes ? slot.marker : transcript(context),
  );
  return (data) => {
    // Random, so no text in the session can forge it; it never reaches the output.
    const marker = `\u0000pi-report-transcript-${randomUUID()}\u0000`;
    slot = { nodes: data.transcript, marker };
    let around: string[];
    try {
      around = page(data).split(marker);
    } finally {
      slot = null;
    }
    if (around.length === 1) return around;
    const suffix = transcript({ nodes: [] });
    const nodes: string[] = [];
    for (const node of data.transcript) {
      const piece = transcript({ nodes: [node] });
      // Read only for a suffix (the shipped partial has none): reading its end copies a piece flat (40 MB).
      if (suffix !== "" && !piece.endsWith(suffix)) return [page(data)];
      nodes.push(suffix === "" ? piece : piece.slice(0, piece.length - suffix.length));
    }
    return around.flatMap((piece, index) => (index === 0 ? [piece] : [...nodes, suffix, piece]));
  };
}

/**
 * How every page template is compiled, at build time and at run time alike. Declaring the helpers (and
 * only them: a template folder cannot add any) lets handlebars call them directly instead of probing the
 * context first: about a third faster on a large transcript.
 */
export const HTML_TEMPLATE_OPTIONS: Readonly<TemplateOptions> = {
  strict: false,
  preventIndent: true,
  knownHelpers: Object.fromEntries(HELPER_NAMES.map((name) => [name, true])),
  knownHelpersOnly: true,
  data: false,
};

/** Options of `loadTemplates`, for tests: which precompiled templates to use (none: an empty map). */
export interface LoadOptions {
  precompiled?: ReadonlyMap<string, PrecompiledTemplate>;
  /** Render with handlebars' runtime even when the closures could (to hold the two to the same page). */
  engine?: "handlebars";
}

let shipped: ReadonlyMap<string, PrecompiledTemplate> | undefined;
function precompiledTemplates(): ReadonlyMap<string, PrecompiledTemplate> {
  shipped ??= loadPrecompiledTemplates();
  return shipped;
}

/** Whether the build compiled this very source (`PrecompiledTemplate.hash`), and so what it made of it. */
function builtFrom(
  precompiled: ReadonlyMap<string, PrecompiledTemplate>,
  name: string,
  source: string,
): PrecompiledTemplate | undefined {
  const built = precompiled.get(name);
  return built !== undefined && built.hash === templateHash(source, HTML_TEMPLATE_OPTIONS)
    ? built
    : undefined;
}

/**
 * Compiles a template the build did not compile with handlebars' compiler, now rather than when it is first
 * rendered: deep inside the page, an error (a syntax error, a helper that does not exist) could not say which
 * file it is in.
 * @throws {TemplateError} naming the file, for a template that does not compile.
 */
function precompileNaming(name: string, source: string): string {
  try {
    // Typed as a specification object; it is the JavaScript source of one.
    return String(fullHandlebars().precompile(source, { ...HTML_TEMPLATE_OPTIONS }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint = /unknown helper/.test(message)
      ? ` (a template can use these helpers: ${HELPER_NAMES.join(", ")}, and handlebars' own)`
      : "";
    throw new TemplateError(`${name}: ${message}${hint}`);
  }
}

/** A template's parse, for the closures: the build's, or made now (once compiled, to name its errors). */
function astOf(
  precompiled: ReadonlyMap<string, PrecompiledTemplate>,
  name: string,
  source: string,
): TemplateAst {
  const built = builtFrom(precompiled, name, source);
  if (built !== undefined) return built.ast ?? parseTemplate(source);
  precompileNaming(name, source);
  return parseTemplate(source);
}

/**
 * A template as handlebars' runtime takes it: the build's spec, or compiled now. Compiled now, the spec is
 * JavaScript source, evaluated as `Handlebars.compile` evaluates what it generates (with `Function`).
 */
function specOf(
  precompiled: ReadonlyMap<string, PrecompiledTemplate>,
  name: string,
  source: string,
): PrecompiledTemplate["spec"] {
  const built = builtFrom(precompiled, name, source);
  if (built !== undefined) return built.spec;
  return new Function(`return ${precompileNaming(name, source)};`)() as PrecompiledTemplate["spec"];
}

/**
 * The set rendered by handlebars' own runtime (`Handlebars.template`), the library path the closures
 * replaced: with `template-closures` switched off, for templates the closures cannot render, or `engine:
 * "handlebars"`. Each template is the build's spec when it was built from this very source, else compiled
 * now; all with HTML_TEMPLATE_OPTIONS, and partials are registered compiled, so that they do not depend on
 * the options of the template that calls them.
 */
function handlebarsRenderer(
  precompiled: ReadonlyMap<string, PrecompiledTemplate>,
  sources: ReadonlyMap<string, string>,
): PageRenderer {
  const handlebars = HandlebarsRuntime.create();
  registerPageHelpers(handlebars);
  const compiled = (name: string): Handlebars.TemplateDelegate => {
    const source = sources.get(name);
    if (source === undefined)
      throw new TemplateError(`template \`${name}\` is missing from ${DEFAULT_TEMPLATE_DIR}.`);
    return handlebars.template(specOf(precompiled, name, source));
  };
  for (const name of sources.keys()) {
    if (name !== "page.hbs") handlebars.registerPartial(basename(name, ".hbs"), compiled(name));
  }
  return handlebarsPage(handlebars, compiled("page.hbs"), compiled("transcript.hbs"));
}

/** The closures of template-compiler.ts for the set, or undefined when they cannot render one of them. */
function closuresOf(
  precompiled: ReadonlyMap<string, PrecompiledTemplate>,
  sources: ReadonlyMap<string, string>,
  read: (name: string) => string,
): CompiledTemplates | undefined {
  const asts = new Map<string, TemplateAst>();
  for (const [name, source] of sources) {
    if (name !== "page.hbs") asts.set(basename(name, ".hbs"), astOf(precompiled, name, source));
  }
  // A key no partial can have: partial names come from file names, which hold no "/".
  asts.set(PAGE_KEY, astOf(precompiled, "page.hbs", read("page.hbs")));
  return compileTemplates(asts, PAGE_HELPERS);
}

/**
 * A page rendered with templates of the user's own: an error while rendering (a partial that is not
 * there, a helper that does not exist) is a mistake in those templates, named as such, not a bug of ours.
 */
function userTemplateErrors(
  pageParts: TemplateSet["pageParts"],
  overrideDir: string,
): TemplateSet["pageParts"] {
  return (data) => {
    try {
      return pageParts(data);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new TemplateError(`--template ${overrideDir}: the page cannot be rendered: ${message}`);
    }
  };
}

/** The source of `dist/precompiled-templates.cjs`: the shipped templates, compiled (see the build). */
export function shippedTemplatesPrecompiled(): string {
  return precompiledTemplatesSource(filesOf(DEFAULT_TEMPLATE_DIR), HTML_TEMPLATE_OPTIONS);
}

/**
 * Loads the page template, its partials and assets, compiled once per process. Files in `overrideDir`
 * replace the shipped ones of the same file name (`page.hbs`, `entry.hbs`, `report.css`, ...).
 */
export function loadTemplates(overrideDir?: string, options: LoadOptions = {}): TemplateSet {
  // A set made from precompiled templates of the caller's own (tests) is not kept.
  const key = overrideDir ?? "";
  const cached = options.precompiled === undefined ? cache.get(key) : undefined;
  if (cached !== undefined) return cached;
  if (overrideDir !== undefined && !existsSync(overrideDir)) {
    throw new TemplateError(`--template ${overrideDir}: no such directory.`);
  }
  const files = filesOf(DEFAULT_TEMPLATE_DIR);
  if (overrideDir !== undefined) {
    const overrides = filesOf(overrideDir);
    if (overrides.size === 0) {
      throw new TemplateError(`--template ${overrideDir}: holds no .hbs, .css or .js file to use.`);
    }
    for (const [name, path] of overrides) files.set(name, path);
  }
  const sources = new Map<string, string>();
  for (const [name, path] of files) if (name.endsWith(".hbs")) sources.set(name, readFileSync(path, "utf8"));
  const read = (name: string): string => {
    const source =
      sources.get(name) ?? (files.has(name) ? readFileSync(files.get(name) as string, "utf8") : undefined);
    if (source === undefined)
      throw new TemplateError(`template \`${name}\` is missing from ${DEFAULT_TEMPLATE_DIR}.`);
    return source;
  };
  // Switched off, every template is compiled now, as before the build compiled them.
  const precompiled =
    options.precompiled ?? (speedPieceOn("precompiled-templates") ? precompiledTemplates() : new Map());
  // The closures render the page when they support every template of the set; handlebars' runtime
  // renders it otherwise (its compiler loaded only for a template the build did not compile).
  const useClosures = options.engine !== "handlebars" && speedPieceOn("template-closures");
  const closures = useClosures ? closuresOf(precompiled, sources, read) : undefined;
  const shippedTranscript =
    files.get("transcript.hbs") === join(DEFAULT_TEMPLATE_DIR, "partials", "transcript.hbs");
  const pageParts = pagePartsOf(
    closures === undefined ? handlebarsRenderer(precompiled, sources) : closurePage(closures),
    shippedTranscript,
  );
  const set = {
    pageParts: overrideDir === undefined ? pageParts : userTemplateErrors(pageParts, overrideDir),
    css: read("report.css"),
    script: read("report.js"),
    engine: closures === undefined ? ("handlebars" as const) : ("closures" as const),
  };
  if (options.precompiled === undefined) cache.set(key, set);
  return set;
}
