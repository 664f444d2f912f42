// Pi's agent core (`@earendil-works/pi-agent-core`) at the versions pinned in scripts/agent-core/peers/<version>/
// (package.json + its own lock), installed on demand into the git-ignored scripts/agent-core/.peers/<version>/, and
// the Node 22 it needs (Pi 1.6's, from scripts/pi16/install.mjs). Never a dependency of the project: only the
// scripts beside this one use it, to write version 4 session fixtures and take the package's own figures.
//   node scripts/agent-core/install.mjs 0.87.1   installs (if the lock changed) and prints the paths as JSON
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePi16 } from "../pi16/install.mjs";

/** @param {string} path */
const readText = (path) => (existsSync(path) ? readFileSync(path, "utf8") : "");

/**
 * Installs the pinned agent core of `version` with `npm ci` unless the same lock is installed already.
 * @param {string} version
 * @returns {{ node22: string, corePackage: string, version: string }}
 */
export function ensureAgentCore(version) {
  const pinned = fileURLToPath(new URL(`./peers/${version}/`, import.meta.url));
  const installed = fileURLToPath(new URL(`./.peers/${version}/`, import.meta.url));
  if (!existsSync(join(pinned, "package-lock.json"))) throw new Error(`no pinned agent core ${version}`);
  const lock = readText(join(pinned, "package-lock.json"));
  const corePackage = join(installed, "node_modules/@earendil-works/pi-agent-core");
  if (lock !== readText(join(installed, "package-lock.json")) || !existsSync(corePackage)) {
    mkdirSync(installed, { recursive: true });
    for (const file of ["package.json", "package-lock.json"])
      copyFileSync(join(pinned, file), join(installed, file));
    console.error(`agent-core: installing ${version} into scripts/agent-core/.peers (npm ci) ...`);
    // npm warns that the package wants Node 22 (engines); the scripts run it under Pi 1.6's Node 22.
    execFileSync("npm", ["ci", "--prefix", installed, "--ignore-scripts", "--no-audit", "--no-fund"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const { node22 } = ensurePi16();
  const installedVersion = JSON.parse(readText(join(corePackage, "package.json"))).version;
  return { node22, corePackage, version: installedVersion };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(ensureAgentCore(process.argv[2] ?? "0.87.1"), null, 2));
}
