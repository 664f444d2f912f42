/** The search index on a re-run: shards of unchanged sessions are kept as they are, a changed one rebuilt. */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { archive } from "./helpers.js";
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
