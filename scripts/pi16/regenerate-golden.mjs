// Rewrites the goldens the tests hold the reader to: Pi 1.6's own figures for every corpus file (real/,
// pi-migrated/, pi-1.6/) in fixtures/corpus/pi-1.6/pi-1.6.0-figures.jsonl, and for the files Pi 1.6 wrote for
// this project (fixtures/pi16/) in fixtures/pi16/pi-1.6.0-figures.jsonl. v1 files get new random ids from Pi
// each time, so their leaf and tip ids change; everything else must come out the same.
//   node scripts/pi16/regenerate-golden.mjs
import { readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { piFigures } from "./figures.mjs";

const FIXTURES = fileURLToPath(new URL("../../fixtures/", import.meta.url));
const GOLDEN_NAME = "pi-1.6.0-figures.jsonl";

/** @param {string} golden @param {string[]} folders under fixtures/ */
function regenerate(golden, folders) {
  const files = folders.flatMap((folder) =>
    readdirSync(`${FIXTURES}${folder}`)
      .filter((name) => name.endsWith(".jsonl") && name !== GOLDEN_NAME)
      .sort()
      .map((name) => `${FIXTURES}${folder}/${name}`),
  );
  writeFileSync(`${FIXTURES}${golden}`, piFigures(files));
  console.error(`pi16: wrote Pi 1.6's figures for ${files.length} files to fixtures/${golden}`);
}

regenerate(`corpus/pi-1.6/${GOLDEN_NAME}`, ["corpus/real", "corpus/pi-migrated", "corpus/pi-1.6"]);
regenerate(`pi16/${GOLDEN_NAME}`, ["pi16"]);
