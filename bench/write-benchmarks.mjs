// Puts the figures of the last bench run (bench/.work/results.json) into BENCHMARKS.md, between its
// `<!-- results:start -->` and `<!-- results:end -->` markers. The prose around them is written by hand.
//   node bench/write-benchmarks.mjs [results.json]
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderResults } from "./lib/report.mjs";

const resultsPath = process.argv[2] ?? fileURLToPath(new URL(".work/results.json", import.meta.url));
const benchmarksPath = fileURLToPath(new URL("../BENCHMARKS.md", import.meta.url));
const START = "<!-- results:start -->";
const END = "<!-- results:end -->";

const text = readFileSync(benchmarksPath, "utf8");
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from === -1 || to < from) {
  console.error(
    `write-benchmarks: ${benchmarksPath} has no ${START} ... ${END} section; add both markers first.`,
  );
  process.exit(2);
}
const results = renderResults(JSON.parse(readFileSync(resultsPath, "utf8")));
writeFileSync(benchmarksPath, `${text.slice(0, from + START.length)}\n${results}\n${text.slice(to)}`);
// Biome checks Markdown too (aligned tables): let it lay the new tables out.
const biome = fileURLToPath(new URL("../node_modules/.bin/biome", import.meta.url));
execFileSync(biome, ["format", "--write", benchmarksPath], { stdio: "ignore" });
console.error(`write-benchmarks: ${benchmarksPath} now shows ${resultsPath}`);
