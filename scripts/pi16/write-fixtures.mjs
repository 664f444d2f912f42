// Writes fixtures/pi16/pi16-api-edge.jsonl through Pi 1.6's own SessionManager API (write-api-edge.mjs:
// retain-none compaction, an omission context edit, two roots, a `deferred` reply, an `mcp__` tool with
// `nestedCalls`, a server-side fallback reply, 1.x usage fields), then Pi's figures for it (regenerate-golden).
// Pi mints new ids and timestamps each run: the file changes as a whole, its figures with it.
//   node scripts/pi16/write-fixtures.mjs
import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePi16 } from "./install.mjs";

const FIXTURES = fileURLToPath(new URL("../../fixtures/pi16/", import.meta.url));
const { node22, piPackage } = ensurePi16();
const out = mkdtempSync(join(tmpdir(), "pi16-fixtures-"));
try {
  execFileSync(node22, [fileURLToPath(new URL("./write-api-edge.mjs", import.meta.url)), out], {
    env: { ...process.env, PI_PKG: piPackage, PI_OFFLINE: "1", PI_TELEMETRY: "0" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  renameSync(join(out, "pi16-api-edge.jsonl"), join(FIXTURES, "pi16-api-edge.jsonl"));
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.error(`pi16: wrote ${FIXTURES}pi16-api-edge.jsonl; now run regenerate-golden.mjs`);
