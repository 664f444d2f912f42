// Writes the fixtures/pi16/ sessions through Pi 1.6's own SessionManager API: pi16-api-edge.jsonl
// (write-api-edge.mjs: retain-none compaction, an omission context edit, two roots, a `deferred` reply, an
// `mcp__` tool with `nestedCalls`, a server-side fallback reply, 1.x usage fields) and pi16-commands.jsonl
// (write-api-commands.mjs: `!!` and `!` commands after the last reply) and pi16-usage.jsonl
// (write-api-usage.mjs: unrecorded usage, per-reply details, a virtual model). Then run regenerate-golden.mjs.
// Pi mints new ids and timestamps each run: the file changes as a whole, its figures with it.
//   node scripts/pi16/write-fixtures.mjs [pi16-commands.jsonl]   (only that file; without: all)
import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePi16 } from "./install.mjs";

const FIXTURES = fileURLToPath(new URL("../../fixtures/pi16/", import.meta.url));
const { node22, piPackage } = ensurePi16();
const out = mkdtempSync(join(tmpdir(), "pi16-fixtures-"));
const only = process.argv[2];
try {
  for (const [script, written] of [
    ["write-api-edge.mjs", "pi16-api-edge.jsonl"],
    ["write-api-commands.mjs", "pi16-commands.jsonl"],
    ["write-api-usage.mjs", "pi16-usage.jsonl"],
  ]) {
    if (only !== undefined && only !== written) continue;
    execFileSync(node22, [fileURLToPath(new URL(`./${script}`, import.meta.url)), out], {
      env: { ...process.env, PI_PKG: piPackage, PI_OFFLINE: "1", PI_TELEMETRY: "0" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    renameSync(join(out, written), join(FIXTURES, written));
    console.error(`pi16: wrote fixtures/pi16/${written}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.error("pi16: now run regenerate-golden.mjs");
