// Writes docs/costs.schema.json: the JSON Schema of `pi-report costs --json`, made from its zod schema
// (src/costs/costs-json.ts) as built in dist/, in the repository's JSON format (biome). test/costs/cli.test.ts
// fails while the two differ.
//   npm run build && node scripts/costs-schema.mjs
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { costsJsonSchemaDocument } from "../dist/costs/costs-json.js";

const target = fileURLToPath(new URL("../docs/costs.schema.json", import.meta.url));
writeFileSync(target, `${JSON.stringify(costsJsonSchemaDocument(), null, 2)}\n`);
execFileSync(
  fileURLToPath(new URL("../node_modules/.bin/biome", import.meta.url)),
  ["format", "--write", target],
  {
    stdio: "ignore",
  },
);
console.error(`wrote ${target}`);
