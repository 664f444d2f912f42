/**
 * The README is the front door and the reference lives in docs/: every relative link between them (and to the
 * sources they name) must lead somewhere, every `#anchor` to a heading GitHub would give that id, and the
 * README must stay short enough to read as a front door (issue 22: at most 12 KB).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import GithubSlugger from "github-slugger";
import type { Heading, Nodes, Root } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const README_LIMIT_BYTES = 12 * 1024;

/**
 * Pages other branches add today that the docs already link to. A missing one is tolerated only while it is
 * listed here; once it exists the test asks for its line to go, so the list never hides a real broken link.
 */
const PENDING_PAGES = new Set<string>();

/** README.md and every Markdown page under docs/, as paths relative to the repository. */
function documentationFiles(): string[] {
  const docs = readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name));
  return ["README.md", ...docs.sort()];
}

const parser = unified().use(remarkParse).use(remarkGfm);

function parse(file: string): Root {
  return parser.parse(readFileSync(join(ROOT, file), "utf8"));
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ("children" in node) for (const child of node.children) walk(child, visit);
}

/** Every link, image and link definition's target in a page (code blocks and inline code are not links). */
function targetsOf(file: string): string[] {
  const urls: string[] = [];
  walk(parse(file), (node) => {
    if (node.type === "link" || node.type === "image" || node.type === "definition") urls.push(node.url);
  });
  return urls;
}

/** The ids GitHub gives a page's headings (its slugger, duplicates numbered). */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  walk(parse(file), (node) => {
    if (node.type === "heading") anchors.add(slugger.slug(textOf(node as Heading)));
  });
  return anchors;
}

/** A target that leaves the repository (a scheme such as https: or mailto:, or //host) is not checked here. */
function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//");
}

/** What is wrong with one relative target of `file`, or undefined when it resolves. */
function brokenReason(file: string, url: string): string | undefined {
  const hashAt = url.indexOf("#");
  const pathPart = decodeURI(hashAt === -1 ? url : url.slice(0, hashAt));
  const anchor = hashAt === -1 ? undefined : decodeURIComponent(url.slice(hashAt + 1));
  const target = pathPart === "" ? file : relative(ROOT, join(ROOT, dirname(file), pathPart));
  if (PENDING_PAGES.has(target) && !existsSync(join(ROOT, target))) return undefined;
  if (!existsSync(join(ROOT, target))) return `${target} does not exist`;
  if (anchor === undefined || anchor === "") return undefined;
  if (!target.endsWith(".md") || statSync(join(ROOT, target)).isDirectory())
    return `#${anchor} points into ${target}, which has no headings to name`;
  if (!anchorsOf(target).has(anchor)) return `${target} has no heading with the id #${anchor}`;
  return undefined;
}

describe("the README and docs/", () => {
  const files = documentationFiles();

  it("are several pages: the front door and its reference", () => {
    // A docs/ with no pages would make the link checks below vacuous.
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)("%s: every relative link and anchor resolves", (file) => {
    const relativeTargets = targetsOf(file).filter((url) => !isExternal(url));
    const broken = relativeTargets
      .map((url) => ({ url, reason: brokenReason(file, url) }))
      .filter((link) => link.reason !== undefined)
      .map((link) => `${link.url}: ${link.reason}`);
    expect(broken).toEqual([]);
  });

  it("README.md links every page in docs/ (nothing moved there is lost to a reader)", () => {
    const linked = new Set(
      targetsOf("README.md")
        .filter((url) => !isExternal(url))
        .map((url) => url.split("#")[0]),
    );
    const pages = files.filter((file) => file.startsWith("docs/"));
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });

  it(`README.md is the front door: at most ${README_LIMIT_BYTES} bytes`, () => {
    expect(statSync(join(ROOT, "README.md")).size).toBeLessThanOrEqual(README_LIMIT_BYTES);
  });

  it("lists only pending pages that have not landed yet", () => {
    const landed = [...PENDING_PAGES].filter((page) => existsSync(join(ROOT, page)));
    // When one lands, remove it from PENDING_PAGES so its links are checked like every other.
    expect(landed).toEqual([]);
  });
});

describe("the link checker", () => {
  it("finds a missing file, a missing anchor, and accepts a real one", () => {
    expect(brokenReason("README.md", "docs/no-such-page.md")).toMatch(/does not exist/);
    expect(brokenReason("README.md", "#no-such-heading")).toMatch(/no heading/);
    expect(brokenReason("README.md", "#try-it")).toBeUndefined();
    expect(brokenReason("README.md", "package.json")).toBeUndefined();
  });

  it("gives headings GitHub's ids: code and punctuation dropped, duplicates numbered", () => {
    const slugger = new GithubSlugger();
    expect(slugger.slug("`archive.json` (schema version 1)".replaceAll("`", ""))).toBe(
      "archivejson-schema-version-1",
    );
    expect(slugger.slug("Try it")).toBe("try-it");
    expect(slugger.slug("Try it")).toBe("try-it-1");
  });
});
