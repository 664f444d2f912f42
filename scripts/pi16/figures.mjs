// Prints what Pi 1.6's own code computes for any session file (one JSON line per file): entries, leaf, roots,
// context roles and size at every tip, footer, usage by source. Installs Pi 1.6 and Node 22 first (install.mjs).
//   node scripts/pi16/figures.mjs FILE...
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ensurePi16 } from "./install.mjs";

/**
 * Pi 1.6's figures for the files, as pi-figures.mjs prints them under Node 22.
 * @param {string[]} files
 * @returns {string} one JSON line per file
 */
export function piFigures(files) {
  const { node22, piPackage } = ensurePi16();
  const script = fileURLToPath(new URL("./pi-figures.mjs", import.meta.url));
  return execFileSync(node22, [script, ...files], {
    encoding: "utf8",
    env: {
      ...process.env,
      PI_PKG: piPackage,
      PI_OFFLINE: "1",
      PI_SKIP_VERSION_CHECK: "1",
      PI_TELEMETRY: "0",
    },
    maxBuffer: 64 * 1024 * 1024,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.length < 3) {
    console.error("usage: node scripts/pi16/figures.mjs FILE...");
    process.exit(2);
  }
  process.stdout.write(piFigures(process.argv.slice(2)));
}
