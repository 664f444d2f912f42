/**
 * The stage order is written once, in STAGES (.dependency-cruiser.cjs); the docs that show it are held to it:
 * docs/architecture.md's table of stages (a row a stage, its folders), its map of the many-sessions folders
 * and what imports what among them, and docs/design.md's tree of src/. A stage in the wrong place, a folder
 * missing or an import the table does not show fails here, naming the doc.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import type { Root, RootContent, Table } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const parse = (file: string): Root =>
  unified()
    .use(remarkParse)
    .use(remarkGfm)
    .parse(readFileSync(join(ROOT, file), "utf8"));

/** STAGES as the import rules were made from it: each stage's paths, lowest first. */
function stages(): string[][] {
  const config = createRequire(import.meta.url)(join(ROOT, ".dependency-cruiser.cjs")) as {
    forbidden: { name: string; comment: string }[];
  };
  const rows: string[][] = [];
  for (const rule of config.forbidden) {
    if (!rule.name.startsWith("stage-order:")) continue;
    const stage = Number(/\(stage (\d+) of \d+\)/.exec(rule.comment)?.[1]);
    rows[stage - 1] = [...(rows[stage - 1] ?? []), rule.name.slice("stage-order:".length)];
  }
  return rows;
}

/** A path as the docs write it (`src/read/`, `pipeline.ts`, `handlebars-runtime.d.ts`), as STAGES does. */
const stagePath = (cited: string): string =>
  cited
    .replace(/^src\//, "")
    .replace(/\/$/, "")
    .replace(/(\.d)?\.ts$/, "");

/** The nodes of a page between the heading with `title` and the next heading of its level or above. */
function section(root: Root, title: string): RootContent[] {
  const start = root.children.findIndex(
    (node) => node.type === "heading" && node.children.some((c) => "value" in c && c.value === title),
  );
  if (start < 0) throw new Error(`no heading "${title}"`);
  const depth = (root.children[start] as { depth: number }).depth;
  const end = root.children.findIndex(
    (node, index) => index > start && node.type === "heading" && node.depth <= depth,
  );
  return root.children.slice(start + 1, end < 0 ? undefined : end);
}

/** The inline code of each cell of a table's rows (the header left out). */
function tableCells(table: Table): string[][][] {
  return table.children
    .slice(1)
    .map((row) =>
      row.children.map((cell) =>
        cell.children.flatMap((node) => (node.type === "inlineCode" ? [node.value] : [])),
      ),
    );
}

const tableIn = (nodes: RootContent[], nth = 0): Table => {
  const table = nodes.filter((node): node is Table => node.type === "table")[nth];
  if (table === undefined) throw new Error("no such table");
  return table;
};

const codeIn = (nodes: RootContent[]): string => {
  const code = nodes.find((node) => node.type === "code");
  if (code === undefined || code.type !== "code") throw new Error("no code block");
  return code.value;
};

/** The first path of each line of a tree (`src/read/  bytes -> …`), in order. */
const treePaths = (tree: string): string[] =>
  tree.split("\n").flatMap((line) => (/^src\/\S+/.exec(line.trim()) ?? []).map((path) => stagePath(path)));

/** The folders of src/, each with its nested ones (render/html), as STAGES names them. */
function folders(below = ""): string[] {
  return readdirSync(join(ROOT, "src", below), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const path = below === "" ? entry.name : `${below}/${entry.name}`;
      return [path, ...folders(path)];
    });
}

describe("docs/architecture.md", () => {
  const page = parse("docs/architecture.md");

  it("has STAGES' table: a row a stage, its folders, lowest first", () => {
    const rows = tableCells(tableIn(section(page, "The stages"))).map(([, paths]) =>
      (paths ?? []).map(stagePath).sort(),
    );
    expect(rows).toEqual(stages().map((paths) => [...paths].sort()));
  });

  const MANY = [
    "sessions",
    "archive/site",
    "archive/model",
    "archive/search",
    "archive/pages",
    "archive/pool",
  ];
  const MANY_USERS = [...MANY, "archive/run", "pr", "costs"];

  it("maps every folder and file of sessions/ and archive/", () => {
    const map = codeIn(section(page, "Many sessions: the folder map"));
    const mapped = treePaths(map);
    expect(mapped).toEqual(MANY_USERS.filter((path) => path.startsWith("archive") || path === "sessions"));
    const archiveFolders = folders("archive").filter((path) => !path.slice("archive/".length).includes("/"));
    expect(mapped.filter((path) => path.startsWith("archive/")).sort()).toEqual(archiveFolders.sort());
    const words = new Set(map.split(/\s+/));
    const files = [...MANY, "archive/run"].flatMap((folder) =>
      readdirSync(join(ROOT, "src", folder)).filter((name) => name.endsWith(".ts")),
    );
    expect(files.filter((file) => !words.has(file))).toEqual([]);
  });

  it("says what imports what among the many-sessions folders, as the code does", async () => {
    const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
    const result = await cruise(["src"], options, {}, { tsConfig: extractTSConfig("tsconfig.json") });
    if (typeof result.output === "string") throw new Error("dependency-cruiser gave text, not its result");
    const folderOf = (module: string): string | undefined =>
      MANY_USERS.filter((path) => module.startsWith(`src/${path}/`)).sort((a, b) => b.length - a.length)[0];
    const imports = new Map(MANY_USERS.map((folder) => [folder, new Set<string>()]));
    for (const module of result.output.modules) {
      const from = folderOf(module.source);
      if (from === undefined) continue;
      for (const dependency of module.dependencies) {
        const to = folderOf(dependency.resolved);
        if (to !== undefined && to !== from) imports.get(from)?.add(to);
      }
    }
    const documented = tableCells(tableIn(section(page, "Many sessions: the folder map"))).map(
      ([folder, used]) => [stagePath(folder?.[0] ?? ""), (used ?? []).map(stagePath).sort()],
    );
    expect(documented).toEqual(MANY_USERS.map((folder) => [folder, [...(imports.get(folder) ?? [])].sort()]));
  });
});

describe("docs/design.md", () => {
  it("walks src/ in STAGES' order, every folder of it named", () => {
    const tree = treePaths(codeIn(section(parse("docs/design.md"), "The tree")));
    const stageOf = new Map(stages().flatMap((paths, index) => paths.map((path) => [path, index] as const)));
    // Each line is a stage's path, a folder within one (render/primitives/ is in render/'s), in order.
    const placed = tree.map((path) => {
      const owner = [...stageOf.keys()].filter((stage) => path === stage || path.startsWith(`${stage}/`));
      const longest = owner.sort((a, b) => b.length - a.length)[0];
      return { path, stage: longest === undefined ? -1 : (stageOf.get(longest) as number) };
    });
    expect(placed.filter((line) => line.stage < 0)).toEqual([]);
    const outOfOrder = placed.filter(
      (line, index) => index > 0 && line.stage < (placed[index - 1]?.stage ?? 0),
    );
    expect(outOfOrder).toEqual([]);
    // Every folder of src/ named, itself or by a folder in it (render/ by render/html/).
    const named = new Set(tree.map((path) => path.split("/")[0]));
    expect(folders().filter((folder) => !folder.includes("/") && !named.has(folder))).toEqual([]);
  });
});
