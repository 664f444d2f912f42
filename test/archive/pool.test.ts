import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MANIFEST_FILE } from "../../src/archive/model/manifest.js";
import { RECYCLING } from "../../src/archive/pool/run-tasks.js";
import { runArchive } from "../../src/archive/run/run-archive.js";
import { archive } from "./helpers.js";
import { siteFiles, writeManySessions } from "./many-sessions.js";
import { writePiFolder } from "./pi-folder.js";

describe("the worker pool", () => {
  // Worker threads run the compiled worker (dist/archive/pool/archive-worker.js): `npm test` builds it first.
  it("gives the same site as one thread, byte for byte, and shows no progress bar off a terminal", async () => {
    const pi = writePiFolder();
    const single = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    const pooled = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    await archive(pi.root, single);
    let stderr = "";
    const summary = await runArchive({
      folder: pi.root,
      output: pooled,
      env: {},
      stderr: { write: (text: string) => (stderr += text), isTTY: false },
      workers: 2,
    });
    expect(summary).toMatchObject({
      sessions: 5,
      rendered: 5,
      skipped: 1,
      failed: 1,
      deduplicatedEntries: 4,
    });
    // The search shards too: with threads, they are built in a worker of their own.
    const names = siteFiles(single).filter((name) => name !== MANIFEST_FILE);
    expect(names.filter((name) => /^search\/shard-[0-9]{2}\.js$/.test(name)).length).toBeGreaterThan(0);
    expect(siteFiles(pooled).filter((name) => name !== MANIFEST_FILE)).toEqual(names);
    for (const name of names) {
      expect(
        readFileSync(join(pooled, name), "utf8"),
        `${name}: the pool runs the compiled dist/; after changing src/, run \`npm run build\``,
      ).toBe(readFileSync(join(single, name), "utf8"));
    }
    expect(stderr).toBe("");
  });

  it("gives the same site when its threads are replaced every two sessions", async () => {
    const folder = writeManySessions(7);
    const single = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    const pooled = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    await runArchive({ folder, output: single, env: {}, stderr: { write: () => true }, workers: 0 });
    const usual = { ...RECYCLING };
    // Past 0 bytes, every pool is past the limit: 7 sessions on two threads take three pools or four.
    Object.assign(RECYCLING, { rss: 0, minTasks: 2 });
    try {
      const summary = await runArchive({
        folder,
        output: pooled,
        env: {},
        stderr: { write: () => true },
        workers: 2,
      });
      expect(summary).toMatchObject({ sessions: 7, rendered: 7, failed: 0 });
    } finally {
      Object.assign(RECYCLING, usual);
    }
    const names = siteFiles(single).filter((name) => name !== MANIFEST_FILE);
    expect(siteFiles(pooled).filter((name) => name !== MANIFEST_FILE)).toEqual(names);
    for (const name of names) {
      expect(readFileSync(join(pooled, name), "utf8"), name).toBe(readFileSync(join(single, name), "utf8"));
    }
  });

  it("draws a progress bar on a terminal and clears it at the end", async () => {
    const pi = writePiFolder();
    let stderr = "";
    await runArchive({
      folder: pi.root,
      output: mkdtempSync(join(tmpdir(), "pi-archive-site-")),
      env: {},
      stderr: { write: (text: string) => (stderr += text), isTTY: true },
      workers: 0,
    });
    expect(stderr).toContain("\rarchiving [");
    expect(stderr).toContain("7/7 sessions");
    expect(stderr.endsWith("\r\x1b[K")).toBe(true);
  });

  it("queues many sessions without Node's warning of a listener leak on the terminal", async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.name);
    process.on("warning", listen);
    try {
      await runArchive({
        folder: writeManySessions(14),
        output: mkdtempSync(join(tmpdir(), "pi-archive-site-")),
        env: {},
        stderr: { write: () => true },
        workers: 1,
      });
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", listen);
    }
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });
});
