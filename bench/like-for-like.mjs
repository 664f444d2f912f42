// The HTML report doing what pi-transcript does, for the like-for-like figure of issue 26 (information, no target):
// no redaction and nothing highlighted (a highlight budget of 0), through the library, single-threaded.
// The CLI has no switch for highlighting, so this runs the same stages the CLI does, from dist/.
//   node bench/like-for-like.mjs <session.jsonl> <out.html>
import { createWriteStream } from "node:fs";
import { fileURLToPath } from "node:url";

const [input, output] = process.argv.slice(2);
if (input === undefined || output === undefined) {
  console.error("usage: node bench/like-for-like.mjs <session.jsonl> <out.html>");
  process.exit(2);
}
const library = process.env.BENCH_LIBRARY ?? fileURLToPath(new URL("../dist/index.js", import.meta.url));
const { analyzeFile, renderHtmlParts } = await import(library);
const analysis = await analyzeFile(input, { redaction: false });
const parts = await renderHtmlParts(analysis, { budget: { totalChars: 0 } });
const out = createWriteStream(output);
for (const part of parts) out.write(part);
await new Promise((resolve, reject) =>
  out.end((/** @type {unknown} */ error) => (error ? reject(error) : resolve(undefined))),
);
