// The floor: read the session file and JSON.parse every line, nothing else. No report can be faster than this
// by much, so the JSON report's time is stated as a multiple of it.
//   node bench/floor.mjs <session.jsonl>
import { readFileSync } from "node:fs";

let parsed = 0;
let failed = 0;
for (const line of readFileSync(process.argv[2] ?? "", "utf8").split("\n")) {
  if (line.trim() === "") continue;
  try {
    JSON.parse(line);
    parsed++;
  } catch {
    failed++;
  }
}
console.log(`${parsed} lines parsed, ${failed} not`);
