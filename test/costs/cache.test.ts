/** What `pi-report costs` keeps between runs, where, and what it takes from an archive site. */
import { createHash } from "node:crypto";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { runArchive } from "../../src/archive/run/run-archive.js";
import { costsCacheFolder } from "../../src/costs/costs-cache.js";
import { folderRecords } from "../../src/costs/folder-records.js";
import type { SiteToReuse } from "../../src/costs/site-records.js";
import { UsageError } from "../../src/output/usage-error.js";
import { parseFilters } from "../../src/sessions/filters.js";
import { jsonl, reply, SONNET } from "../archive/pi-folder.js";
import { costs, costsFolderCopy, dollars } from "./helpers.js";

/** Reads a folder's records as `costs` does, in this thread; what it says on stderr is kept. */
function read(folder: string, env: Record<string, string>, site: SiteToReuse | null = null, tty = false) {
  const said: string[] = [];
  const stderr = { write: (text: string) => said.push(text), isTTY: tty };
  return folderRecords({ folder, filters: parseFilters({}), env, site, threads: 0, stderr }).then(
    (result) => ({
      ...result,
      said: said.join(""),
    }),
  );
}

/** Every file below a folder (by its path there) with a hash of its bytes. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(folder, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
  }
  return files;
}

describe("pi-report costs: its cache", () => {
  it("reads only what changed since the last run, and never writes the sessions", async () => {
    const { folder, cache } = costsFolderCopy();
    const env = { XDG_CACHE_HOME: cache };
    const before = snapshot(folder);
    expect((await read(folder, env)).read).toBe(5);
    const again = await read(folder, env);
    expect(again).toMatchObject({ read: 0, reused: 5 });
    // One session goes on (a reply appended): only it is read again, and its new reply counts.
    const local = join(folder, "--srv-ops--/2025-06-20T08-00-00-000Z_local.jsonl");
    appendFileSync(local, jsonl([reply("l3", "l2", "2025-06-20T09:00:00.000Z", SONNET, 100, 10, 0.00045)]));
    expect((await read(folder, env)).read).toBe(1);
    const json = await costs({ folder, env, by: "month" });
    // $0.02175 in June before, and the new reply's $0.00045.
    expect(dollars(json.total.total.cost)).toBe(0.0402);
    rmSync(local);
    expect(await read(folder, env)).toMatchObject({ read: 0, reused: 4 });
    const { "--srv-ops--/2025-06-20T08-00-00-000Z_local.jsonl": _, ...rest } = before;
    expect(snapshot(folder)).toEqual(rest);
  });

  it("lives in $XDG_CACHE_HOME, else ~/.cache, one folder per sessions folder; never among the sessions", async () => {
    const { folder, cache } = costsFolderCopy();
    await read(folder, { XDG_CACHE_HOME: cache });
    expect(readdirSync(join(cache, "pi-report", "costs"))).toEqual([
      costsCacheFolder({ XDG_CACHE_HOME: cache }, folder).split("/").pop(),
    ]);
    const home = join(cache, "..", "home");
    expect(
      costsCacheFolder({ HOME: home }, folder).startsWith(join(home, ".cache", "pi-report", "costs")),
    ).toBe(true);
    // A relative XDG_CACHE_HOME is no cache folder by the specification: ~/.cache instead.
    expect(
      costsCacheFolder({ HOME: home, XDG_CACHE_HOME: "rel" }, folder).startsWith(join(home, ".cache")),
    ).toBe(true);
    // A cache folder inside the sessions folder is never written: said once, and every run reads again.
    const inside = { XDG_CACHE_HOME: join(folder, "cache") };
    const first = await read(folder, inside);
    expect(first.said).toContain("inside the sessions folder");
    expect(existsSync(join(folder, "cache"))).toBe(false);
    expect((await read(folder, inside)).read).toBe(5);
  });

  it("a cache that cannot be written is said on stderr; the figures are right all the same", async () => {
    const { folder, cache } = costsFolderCopy();
    mkdirSync(cache);
    writeFileSync(join(cache, "pi-report"), "a file where the cache's folder would go");
    const said: string[] = [];
    const json = await costs({ folder, env: { XDG_CACHE_HOME: cache } }, said);
    expect(dollars(json.total.total.cost)).toBe(0.03975);
    expect(said.join("")).toMatch(
      /^pi-report: the costs cache \(.+\) cannot be written \(\w+\); the next run reads every session again\.\n$/,
    );
  });

  it("takes the records of an archive site of the same folder, and says why it cannot take another's", async () => {
    const { folder, cache } = costsFolderCopy();
    const output = join(folder, "..", "site");
    await runArchive({ folder, output, env: {}, stderr: { write: () => true }, workers: 0, costsOnly: true });
    const site = { path: output, given: "site" };
    expect(await read(folder, { XDG_CACHE_HOME: cache }, site)).toMatchObject({
      read: 0,
      reused: 5,
      said: "",
    });
    // The default site (./pi-report-site), when it is another folder's archive, is passed over in silence.
    const other = costsFolderCopy();
    expect(await read(other.folder, { XDG_CACHE_HOME: other.cache }, { ...site, given: null })).toMatchObject(
      { read: 5, said: "" },
    );
    const named = await read(other.folder, { XDG_CACHE_HOME: join(other.cache, "2") }, site);
    expect(named.read).toBe(5);
    expect(named.said).toBe(
      `pi-report: --site site: not used: it is the archive of ${folder}; the sessions are read.\n`,
    );
    await expect(read(folder, {}, { path: join(folder, "..", "nothing"), given: "nothing" })).rejects.toThrow(
      new UsageError(
        "--site nothing: no archive there (no pi-report-manifest.json); give the folder `pi-report archive -o` wrote.",
      ),
    );
  });

  it("shows a progress bar while it reads, on a terminal only", async () => {
    const { folder, cache } = costsFolderCopy();
    expect((await read(folder, { XDG_CACHE_HOME: cache })).said).toBe("");
    const tty = await read(folder, { XDG_CACHE_HOME: join(cache, "2") }, null, true);
    expect(tty.said).toContain("\rreading [");
    expect(tty.said).toContain("] 5/5 sessions");
    expect(tty.said.endsWith("\r\u001b[K")).toBe(true);
  });
});
