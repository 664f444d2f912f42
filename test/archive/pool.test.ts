import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runArchive } from "../../src/archive/run-archive.js";
import { archive } from "./helpers.js";
import { writeManySessions } from "./many-sessions.js";
import { writePiFolder } from "./pi-folder.js";

describe("the worker pool", () => {
  // Worker threads run the compiled worker (dist/archive/archive-worker.js): `npm test` builds it first.
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
    for (const name of ["archive.json", "costs.csv", "index.html"]) {
      expect(
        readFileSync(join(pooled, name), "utf8"),
        `${name}: the pool runs the compiled dist/; after changing src/, run \`npm run build\``,
      ).toBe(readFileSync(join(single, name), "utf8"));
    }
    expect(stderr).toBe("");
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
