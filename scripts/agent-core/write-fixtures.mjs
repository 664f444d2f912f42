// Remakes fixtures/agent-core/: version 4 sessions written by Pi's agent core itself (0.84.4 through its session
// API, 0.87.1 through its real AgentHarness with a mock model), and the package's own figures for each
// (agent-core-figures.jsonl: getStats(), the leaf or lane tips, the name and labels). Installs the pinned packages
// and Node 22 first (install.mjs). The agent core mints new ids and times each run: the tests read both files.
//   node scripts/agent-core/write-fixtures.mjs
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureAgentCore } from "./install.mjs";

const OUT = fileURLToPath(new URL("../../fixtures/agent-core/", import.meta.url));
const WRITERS = [
  { version: "0.84.4", name: "core-0.84.4-tool-usage.jsonl" },
  { version: "0.87.1", name: "core-0.87.1-harness.jsonl" },
];

mkdirSync(OUT, { recursive: true });
const figures = [];
for (const { version, name } of WRITERS) {
  const { node22, corePackage } = ensureAgentCore(version);
  const folder = mkdtempSync(join(tmpdir(), `agent-core-${version}-`));
  try {
    const script = fileURLToPath(new URL(`./write-${version}.mjs`, import.meta.url));
    const printed = execFileSync(node22, [script, folder], {
      encoding: "utf8",
      env: { ...process.env, CORE_PKG: corePackage },
    });
    const line = JSON.parse(printed.trim().split("\n").at(-1));
    copyFileSync(line.file, join(OUT, name));
    figures.push(JSON.stringify({ ...line, file: name }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
writeFileSync(join(OUT, "agent-core-figures.jsonl"), `${figures.join("\n")}\n`);
console.log(`agent-core: wrote ${WRITERS.length} sessions and their figures into fixtures/agent-core/`);
