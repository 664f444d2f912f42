// Loaded with `node --require` when GNU time is missing: writes this process's peak RSS (KB) to BENCH_RSS_FILE
// as it exits. See RSS_METHOD in measure.mjs.
const { writeFileSync } = require("node:fs");

const file = process.env.BENCH_RSS_FILE;
if (file) {
  // Only the process the bench started: children that inherit NODE_OPTIONS must not overwrite its figure.
  process.env.BENCH_RSS_FILE = "";
  process.on("exit", () => writeFileSync(file, `${process.resourceUsage().maxRSS}\n`));
}
