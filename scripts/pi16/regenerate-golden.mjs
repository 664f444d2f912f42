// Rewrites fixtures/corpus/pi-1.6/pi-1.6.0-figures.jsonl, the golden the tests hold the reader to: Pi 1.6's own
// figures for every corpus file (real/, pi-migrated/, pi-1.6/). v1 files get new random ids from Pi each time,
// so their leaf and tip ids change; everything else must come out the same.
//   node scripts/pi16/regenerate-golden.mjs
import { readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { piFigures } from "./figures.mjs";

const CORPUS = fileURLToPath(new URL("../../fixtures/corpus/", import.meta.url));
const GOLDEN = `${CORPUS}pi-1.6/pi-1.6.0-figures.jsonl`;
const FOLDERS = ["real", "pi-migrated", "pi-1.6"];

const files = FOLDERS.flatMap((folder) =>
  readdirSync(`${CORPUS}${folder}`)
    .filter((name) => name.endsWith(".jsonl") && !name.includes("figures"))
    .sort()
    .map((name) => `${CORPUS}${folder}/${name}`),
);
writeFileSync(GOLDEN, piFigures(files));
console.error(`pi16: wrote Pi 1.6's figures for ${files.length} files to ${GOLDEN}`);
