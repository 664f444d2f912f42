/**
 * One run at a time on a site (F16): a second run refuses while the first writes, so pages and manifest
 * cannot disagree; a lock left by a run that died is taken over.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../src/archive/model/manifest.js";
import { LOCK_FILE } from "../../src/archive/site/site-lock.js";
import { CORPUS } from "../helpers/paths.js";
import { archive } from "./helpers.js";
import { siteFiles, startArchive, waitFor, writeManySessions } from "./many-sessions.js";
import { writePiFolder } from "./pi-folder.js";

const site = () => mkdtempSync(join(tmpdir(), "pi-archive-site-"));

describe("two runs on one site (F16)", () => {
  it("the second refuses while the first writes, and the site agrees with its manifest", async () => {
    // Four long sessions (1.3 s of CPU each here, begun first: largest first) keep the first run writing
    // well past the moment the second starts, on a machine of many cores too.
    const folder = writeManySessions(150);
    const long = readFileSync(join(CORPUS, "pi-migrated", "pi-mono__before-compaction.jsonl"));
    for (let i = 0; i < 4; i += 1) writeFileSync(join(folder, `--home-dev-long--${i}.jsonl`), long);
    const output = site();
    const first = startArchive(folder, output);
    // Started while the first is writing (its first page staged), as the fault was found half a second in.
    await waitFor(() => siteFiles(output).some((file) => file.endsWith(".html")));
    const second = await startArchive(folder, output).ended;
    const { pid } = first.child;
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(
      new RegExp(
        `^pi-report: -o ${output}: another pi-report archive \\(pid ${pid} on ${hostname()}, started [0-9T:.-]+Z\\) is writing this site; run again when it has ended \\(if none is running, delete ${join(output, LOCK_FILE)}\\)\\.\\n$`,
      ),
    );
    expect((await first.ended).code).toBe(0);

    // Every page the manifest lists is there, and no other; a re-run finds nothing to do.
    const manifest = JSON.parse(readFileSync(join(output, MANIFEST_FILE), "utf8")) as Manifest;
    const listed = manifest.records.map((record) =>
      record.outcome.kind === "session" ? record.outcome.report : null,
    );
    expect(siteFiles(output).filter((file) => file.startsWith("sessions/"))).toEqual(listed.sort());
    expect(await archive(folder, output)).toMatchObject({ sessions: 154, rendered: 0, unchanged: 154 });
  }, 120_000);
});

describe("a lock left behind", () => {
  it("by a run that died on this host is taken over, and given back at the end", async () => {
    const pi = writePiFolder();
    const output = site();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const lock = { pid: dead, host: hostname(), startedAt: "2026-12-01T10:00:00.000Z" };
    writeFileSync(join(output, LOCK_FILE), JSON.stringify(lock));
    expect(await archive(pi.root, output)).toMatchObject({ sessions: 5 });
    expect(existsSync(join(output, LOCK_FILE))).toBe(false);
  });

  it("empty and older than a run takes to write it is taken over; a fresh empty one is not", async () => {
    const pi = writePiFolder();
    const output = site();
    writeFileSync(join(output, LOCK_FILE), "");
    await expect(archive(pi.root, output)).rejects.toThrow("another pi-report archive is writing this site");
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(join(output, LOCK_FILE), aMinuteAgo, aMinuteAgo);
    expect(await archive(pi.root, output)).toMatchObject({ sessions: 5 });
  });

  it("by a run on another host is not taken (whether it lives cannot be told), and is left as it was", async () => {
    const pi = writePiFolder();
    const output = site();
    const lock = JSON.stringify({ pid: 1, host: "build-box", startedAt: "2026-12-01T10:00:00.000Z" });
    writeFileSync(join(output, LOCK_FILE), lock);
    await expect(archive(pi.root, output)).rejects.toThrow(
      `-o ${output}: another pi-report archive (pid 1 on build-box, started 2026-12-01T10:00:00.000Z) is writing this site`,
    );
    expect(readFileSync(join(output, LOCK_FILE), "utf8")).toBe(lock);
    expect(siteFiles(output)).toEqual([LOCK_FILE]);
  });
});
