import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PINNED = fileURLToPath(new URL("../peers/", import.meta.url));
const INSTALLED = fileURLToPath(new URL("../.peers/", import.meta.url));

/** @param {string} path */
const readText = (path) => (existsSync(path) ? readFileSync(path, "utf8") : "");

/**
 * Installs the peers pinned in bench/peers/ (package.json + lock) into the git-ignored bench/.peers/ with `npm ci`,
 * unless the same lock is installed there already. Never touches the project's own node_modules. (Pi's export is
 * Pi 1.6 on Node 22, installed by scripts/pi16/install.mjs.)
 * @returns {{ piTranscript: string, versions: Record<string, string> }}
 */
export function ensurePeers() {
  const lock = readText(join(PINNED, "package-lock.json"));
  const bin = join(INSTALLED, "node_modules/.bin");
  if (lock !== readText(join(INSTALLED, "package-lock.json")) || !existsSync(join(bin, "pi-transcript"))) {
    mkdirSync(INSTALLED, { recursive: true });
    for (const file of ["package.json", "package-lock.json"])
      copyFileSync(join(PINNED, file), join(INSTALLED, file));
    console.error("bench: installing the peers into bench/.peers (npm ci) ...");
    // Install scripts are skipped: exporting needs none of them (they build native add-ons for other features).
    execFileSync("npm", ["ci", "--prefix", INSTALLED, "--ignore-scripts", "--no-audit", "--no-fund"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  /** @type {Record<string, string>} */
  const versions = {};
  for (const name of Object.keys(JSON.parse(readText(join(PINNED, "package.json"))).dependencies)) {
    versions[name] = JSON.parse(readText(join(INSTALLED, "node_modules", name, "package.json"))).version;
  }
  return { piTranscript: join(bin, "pi-transcript"), versions };
}
