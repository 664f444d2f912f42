import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { MANIFEST_FILE } from "../../src/archive/model/manifest.js";
import { archive } from "./helpers.js";
import { writePiFolder } from "./pi-folder.js";

// A bug in the reader, for one session only: the run must list it and carry on.
vi.mock("../../src/pipeline.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/pipeline.js")>();
  return {
    ...original,
    analyze: (...args: Parameters<typeof original.analyze>) => {
      if (args[0].header.id === "orphan") throw new TypeError("cannot read properties of undefined");
      return original.analyze(...args);
    },
  };
});

describe("what the archive survives", () => {
  it("a session that crashes the reader is listed with its error, and the rest is archived", async () => {
    const pi = writePiFolder();
    const output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    const summary = await archive(pi.root, output);
    expect(summary).toMatchObject({ sessions: 4, failed: 2, skipped: 1 });
    const json = JSON.parse(readFileSync(join(output, "archive.json"), "utf8")) as ArchiveJson;
    expect(json.failed).toContainEqual({
      file: "--~-api--/2025-06-03T08-00-00-000Z_orphan.jsonl",
      error: "internal error: cannot read properties of undefined (please report it)",
    });
    expect(readFileSync(join(output, "index.html"), "utf8")).toContain("cannot read properties of undefined");
    // The original, the fork's own reply, the damaged file, the sub-agent session: $0.30 + $0.30 + $0.01 + $0.02.
    expect(Math.round(json.total.total.cost * 1e6) / 1e6).toBe(0.63);
  });

  it("a manifest that is not one is ignored: everything is done again", async () => {
    const pi = writePiFolder();
    const output = mkdtempSync(join(tmpdir(), "pi-archive-site-"));
    await archive(pi.root, output);
    writeFileSync(join(output, MANIFEST_FILE), '{"manifestVersion":1,"records":"no"}');
    expect(await archive(pi.root, output)).toMatchObject({ sessions: 4, rendered: 4 });
  });
});
