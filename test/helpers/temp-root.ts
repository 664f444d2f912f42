/**
 * Vitest's global setup: every test's temporary folders go under one folder made for the run, removed
 * when the run ends, so no test leaves folders behind in the system's temp folder, whatever it forgets
 * or however it fails. Test workers start after this and take TMPDIR (what os.tmpdir() reads) from it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "pi-report-tests-"));
  process.env.TMPDIR = root;
  return () => {
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      // A mount a test could not undo keeps its folder; the run's result stands, the folder is named.
      console.warn(`could not remove the tests' temporary folder ${root}: ${(error as Error).message}`);
    }
  };
}
