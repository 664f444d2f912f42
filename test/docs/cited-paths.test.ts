/**
 * The docs name the code's folders and files (`render/html/templates.ts`, a tree of `src/`): when code moves,
 * those names go stale silently (issue 35 found a diagram naming `report/json-report` long after it went).
 * Every such name must exist, and every stage path the import rules list must be a folder or file of src/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Nodes } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const parser = unified().use(remarkParse).use(remarkGfm);

/** A relative path as docs write one: no spaces, placeholders (`<name>`, `…`, `NN`) or URLs. */
const PATH_SHAPE = /^\.?[\w@-][\w.@-]*(?:\/[\w.@-]+)*\/?$/;
/** A source file named alone (`run-archive.ts`); output files (`archive.json`) are the product's, not code. */
const SOURCE_FILE_SHAPE = /^[\w.-]+\.(?:ts|mts|mjs|cjs|hbs|css)$/;
/** Folders whose paths the docs cite; dist/ is built, so its names are checked by the tests that build it. */
const CODE_FOLDERS = ["src", "test", "scripts", "bench", "templates", "fixtures", "data", "docs", ".ci"];

function documentationFiles(): string[] {
  const docs = readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name));
  return ["README.md", ...docs.sort()];
}

function directoriesOf(folder: string): Set<string> {
  const entries = readdirSync(join(ROOT, folder), { withFileTypes: true });
  return new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
}

/** Every file name under the code folders, for names cited without their folder. */
function sourceFileNames(): Set<string> {
  const names = new Set<string>(readdirSync(ROOT));
  for (const folder of CODE_FOLDERS) {
    if (!existsSync(join(ROOT, folder))) continue;
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })) {
      names.add(entry.split("/").at(-1) ?? entry);
    }
  }
  return names;
}

/** A path cited relative to the repository or to src/ (stage paths leave out `src/` and `.ts`). */
function pathExists(cited: string): boolean {
  const path = cited.replace(/\/$/, "");
  return [path, `src/${path}`, `src/${path}.ts`].some((candidate) => existsSync(join(ROOT, candidate)));
}

interface Citation {
  text: string;
  /** In a diagram or tree (a code block without a language): every path-shaped word there names code. */
  inDiagram: boolean;
}

function citationsOf(file: string): Citation[] {
  const citations: Citation[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === "inlineCode") citations.push({ text: node.value, inDiagram: false });
    if (node.type === "code" && !node.lang) {
      for (const word of node.value.split(/[\s,()]+/)) citations.push({ text: word, inDiagram: true });
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(parser.parse(readFileSync(join(ROOT, file), "utf8")));
  return citations;
}

/** The cited paths of one page that name no folder or file of the repository. */
function staleCitations(file: string, codeDirs: Set<string>, fileNames: Set<string>): string[] {
  const stale: string[] = [];
  for (const { text, inDiagram } of citationsOf(file)) {
    if (text.startsWith("dist/")) continue;
    if (SOURCE_FILE_SHAPE.test(text)) {
      if (!fileNames.has(text)) stale.push(`${file}: \`${text}\``);
      continue;
    }
    if (!PATH_SHAPE.test(text) || !text.includes("/")) continue;
    // In a diagram a path under a folder is code (`report/json-report`); a lone `html/` is relative to its line.
    const named = codeDirs.has(text.split("/")[0] ?? "") || (inDiagram && /\w\/\w/.test(text));
    if (named && !pathExists(text)) stale.push(`${file}: \`${text}\``);
  }
  return stale;
}

describe("the paths the docs cite", () => {
  it("name folders and files that exist", () => {
    const codeDirs = new Set([...CODE_FOLDERS, ...directoriesOf(""), ...directoriesOf("src")]);
    const fileNames = sourceFileNames();
    const stale = documentationFiles().flatMap((file) => staleCitations(file, codeDirs, fileNames));
    expect(stale).toEqual([]);
  });

  it("catch a moved file: a made-up path in a diagram is reported", () => {
    // The check itself, on the shape that went stale before: a diagram word naming a gone folder.
    expect(pathExists("report/json-report")).toBe(false);
    expect(pathExists("render/json")).toBe(true);
    expect(pathExists("render/html/templates.ts")).toBe(true);
  });
});

describe("the stage order of .dependency-cruiser.cjs", () => {
  it("lists only folders and files that exist in src/", () => {
    const config = createRequire(import.meta.url)(join(ROOT, ".dependency-cruiser.cjs")) as {
      forbidden: { name: string }[];
    };
    const stagePaths = config.forbidden
      .map((rule) => rule.name)
      .filter((name) => name.startsWith("stage-order:"))
      .map((name) => name.slice("stage-order:".length));
    expect(stagePaths.length).toBeGreaterThan(10);
    const gone = stagePaths.filter(
      (path) =>
        !existsSync(join(ROOT, "src", path)) &&
        !existsSync(join(ROOT, "src", `${path}.ts`)) &&
        !existsSync(join(ROOT, "src", `${path}.d.ts`)),
    );
    expect(gone).toEqual([]);
  });
});
