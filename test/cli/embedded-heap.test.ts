/**
 * The command run inside another program's process (Pi's `/report` calls `run` in Pi) leaves that
 * program's heap alone: only the bin, which says the process is its own, tunes it for a Markdown report.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { describe, expect, it, vi } from "vitest";
import { allowHeapTuning, REPORT_HEAP_GROWING_PERCENT } from "../../src/cli/heap-growth.js";
import { run } from "../../src/cli/run.js";
import { FIXTURES } from "../helpers/paths.js";

vi.mock("node:v8", async (original) => ({
  ...(await original<typeof import("node:v8")>()),
  setFlagsFromString: vi.fn(),
}));

const HEAP_FLAG = `--heap-growing-percent=${REPORT_HEAP_GROWING_PERCENT}`;

async function markdownReport(): Promise<number> {
  const out = join(mkdtempSync(join(tmpdir(), "pi-embedded-")), "r.md");
  const quiet = { write: () => true };
  return run([`${FIXTURES}sessions/every-tool.jsonl`, "-o", out], {
    stdout: quiet,
    stderr: quiet,
    cwd: tmpdir(),
    env: {},
  });
}

describe("a Markdown report's heap tuning", () => {
  it("is not applied by `run` in a host's process; it is once the bin has claimed the process", async () => {
    expect(await markdownReport()).toBe(0);
    expect(setFlagsFromString).not.toHaveBeenCalledWith(HEAP_FLAG);
    allowHeapTuning();
    expect(await markdownReport()).toBe(0);
    expect(setFlagsFromString).toHaveBeenCalledWith(HEAP_FLAG);
  });
});
