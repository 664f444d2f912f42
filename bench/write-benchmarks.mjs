// Puts the figures of the last bench run (bench/.work/results.json) into BENCHMARKS.md, between its
// `<!-- results:start -->` and `<!-- results:end -->` markers. The prose around them is written by hand.
// A run that did not measure the speed machinery gets the table of the last one that did
// (bench/.work/machinery.json, from `npm run bench -- --only machinery`), with its date.
//   node bench/write-benchmarks.mjs [results.json]
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MACHINERY_TARGET, machineryTarget, renderResults } from "./lib/report.mjs";

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
/** @type {import("./lib/report.mjs").Results} */
const results = JSON.parse(readFileSync(resultsPath, "utf8"));
const machineryPath = fileURLToPath(new URL(".work/machinery.json", import.meta.url));
if (results.machinery === undefined && existsSync(machineryPath)) {
  const { run, machinery } = JSON.parse(readFileSync(machineryPath, "utf8"));
  results.machinery = machinery;
  results.machineryRun = run;
  results.targets = results.targets.map((row) =>
    row.target === MACHINERY_TARGET ? machineryTarget(machinery) : row,
  );
}
const rendered = renderResults(results);
writeFileSync(benchmarksPath, `${text.slice(0, from + START.length)}\n${rendered}\n${text.slice(to)}`);
// Biome checks Markdown too (aligned tables): let it lay the new tables out.
const biome = fileURLToPath(new URL("../node_modules/.bin/biome", import.meta.url));
execFileSync(biome, ["format", "--write", benchmarksPath], { stdio: "ignore" });
console.error(`write-benchmarks: ${benchmarksPath} now shows ${resultsPath}`);
