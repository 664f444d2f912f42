/** The search index on a re-run: shards of unchanged sessions are kept as they are, a changed one rebuilt. */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../src/archive/model/manifest.js";
import { searchKey } from "../../src/archive/search/search-text.js";
import { archive } from "./helpers.js";
import { siteFiles, writeManySessions } from "./many-sessions.js";
import { writePiFolder } from "./pi-folder.js";

const shards = (site: string) =>
  Object.fromEntries(
    readdirSync(join(site, "search"))
      .filter((name) => name.startsWith("shard-"))
      .map((name) => [name, statSync(join(site, "search", name)).mtimeMs]),
  );

describe("search shards on a re-run", () => {
  it("keeps every shard when nothing changed, and rebuilds only the changed session's", async () => {
    const pi = writePiFolder();
    const site = mkdtempSync(join(tmpdir(), "pi-search-rerun-"));
    await archive(pi.root, site);
    const first = shards(site);
    expect(Object.keys(first).length).toBeGreaterThan(1);
    await archive(pi.root, site);
    expect(shards(site)).toEqual(first);

    appendFileSync(
      pi.files.original,
      `${JSON.stringify({
        type: "message",
        id: "a5",
        parentId: "a4",
        timestamp: "2025-06-01T09:00:05.000Z",
        message: { role: "user", content: "rename quokka-unique-word", timestamp: 0 },
      })}\n`,
    );
    await archive(pi.root, site);
    const after = shards(site);
    const changed = Object.keys(after).filter((name) => after[name] !== first[name]);
    expect(changed).toHaveLength(1);
    expect(readFileSync(join(site, "search", changed[0] as string), "utf8")).toContain("quokka");
  });
});

describe("the searchable text, kept beside the manifest", () => {
  it("is not in the manifest, and a shard rebuilt from it is the one a new site builds", async () => {
    const pi = writeManySessions(40);
    const site = mkdtempSync(join(tmpdir(), "pi-search-text-"));
    await archive(pi, site);
    // Every copy's second prompt is searchable (the first is its title), and in no other field of the record.
    const prompt = "and a logout button";
    const shard = readdirSync(join(site, "search")).find((name) => name.startsWith("shard-")) as string;
    expect(readFileSync(join(site, "search", shard), "utf8")).toContain(prompt);
    expect(readFileSync(join(site, MANIFEST_FILE), "utf8")).not.toContain(prompt);

    // A session sharing its shard with others: the rebuilt shard needs their text, not read again.
    const text = join(site, "pi-report-search");
    const crowded = readdirSync(text)
      .map((name) => readFileSync(join(text, name), "utf8").trim().split("\n"))
      .find((lines) => lines.length > 1) as string[];
    // The text knows it by a hash of its path (never the path, G8): the manifest's records name it.
    const [key] = JSON.parse(crowded[0] as string) as [string];
    const manifest = JSON.parse(readFileSync(join(site, MANIFEST_FILE), "utf8")) as Manifest;
    const file = manifest.records.map((record) => record.file).find((name) => searchKey(name) === key);
    if (file === undefined) throw new Error(`no record's file hashes to ${key}`);
    appendFileSync(
      join(pi, file),
      `${JSON.stringify({
        type: "message",
        id: "a5",
        parentId: "a4",
        timestamp: "2025-06-01T09:00:05.000Z",
        message: { role: "user", content: "rename wombat-unique-word", timestamp: 0 },
      })}\n`,
    );
    const rerun = await archive(pi, site);
    expect(rerun.changes?.changed).toEqual([file]);
    expect(rerun.rendered).toBe(1);
    const fresh = mkdtempSync(join(tmpdir(), "pi-search-text-fresh-"));
    await archive(pi, fresh);
    const searchFiles = (root: string) =>
      siteFiles(root).filter((path) => path.startsWith("search/") || path.startsWith("pi-report-search/"));
    expect(searchFiles(site)).toEqual(searchFiles(fresh));
    for (const path of searchFiles(fresh)) {
      expect(readFileSync(join(site, path), "utf8"), path).toBe(readFileSync(join(fresh, path), "utf8"));
    }
    expect(readFileSync(join(site, MANIFEST_FILE), "utf8")).not.toContain("wombat");
  });
});
