// Measures the archive's search libraries on the same documents: MiniSearch, FlexSearch (prebuilt index,
// exported) and Pagefind (custom records), for the sessions of a folder (default: the bench's 1,000).
//   node bench/search-libraries.mjs <sessions folder> <node_modules holding minisearch, flexsearch, pagefind> [docs cache]
// Documents are what `pi-report archive` indexes (src/archive/search/search-docs.ts): prompts, answers,
// commands and file paths of each entry, redacted. Prints one JSON object of figures.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { searchDocs } from "../dist/archive/search/search-docs.js";
import { analyzeSession } from "../dist/pipeline.js";
import { parseSessionBytes } from "../dist/read/parse-session-text.js";
import { DEFAULT_REDACTION, redactRawSession } from "../dist/redact/redact-session.js";
import { discoverSessionFiles } from "../dist/sessions/discover.js";

const [folder, modules] = process.argv.slice(2);
const require = createRequire(join(modules, "x.js"));
const QUERIES = ["npm test", "git status", "login form", "zod", "src/index.ts"];

let started = performance.now();
// Given a third argument, the documents are kept there and read back on the next run.
const cache = process.argv[4];
let docs = [];
if (cache !== undefined && existsSync(cache)) docs = JSON.parse(readFileSync(cache, "utf8"));
else {
  for (const { path, file } of discoverSessionFiles(folder).files) {
    const raw = await redactRawSession(parseSessionBytes(readFileSync(path), file), DEFAULT_REDACTION);
    for (const doc of searchDocs(analyzeSession(raw, { sessionPath: path }))) docs.push({ ...doc, file });
  }
  if (cache !== undefined) writeFileSync(cache, JSON.stringify(docs));
}
const extractMs = performance.now() - started;
const textBytes = docs.reduce((sum, doc) => sum + Buffer.byteLength(doc.text), 0);
const figures = { documents: docs.length, textMiB: textBytes / 2 ** 20, extractMs };
const mib = (bytes) => Math.round((bytes / 2 ** 20) * 100) / 100;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** Median query time (ms) over QUERIES × 5 rounds, and hits of the first query. */
function timeQueries(search) {
  const times = [];
  let hits = 0;
  for (let round = 0; round < 5; round++)
    for (const query of QUERIES) {
      const t = performance.now();
      const found = search(query);
      times.push(performance.now() - t);
      if (query === QUERIES[0]) hits = found;
    }
  return { queryMs: median(times), hits };
}

{
  const MiniSearch = require("minisearch");
  started = performance.now();
  const index = new MiniSearch({ fields: ["text"], idField: "id" });
  index.addAll(docs.map((doc, id) => ({ id, text: doc.text })));
  const text = JSON.stringify(index);
  const buildMs = performance.now() - started;
  started = performance.now();
  const loaded = MiniSearch.loadJSON(text, { fields: ["text"], idField: "id" });
  const loadMs = performance.now() - started;
  figures.minisearch = {
    buildMs,
    loadMs,
    MiB: mib(text.length),
    gzipMiB: mib(gzipSync(text).length),
    ...timeQueries((q) => loaded.search(q, { combineWith: "AND", prefix: true }).length),
  };
}

{
  const { Index } = require("flexsearch");
  started = performance.now();
  const index = new Index({ tokenize: "forward" });
  docs.forEach((doc, id) => {
    index.add(id, doc.text);
  });
  const parts = [];
  await index.export((key, data) => {
    parts.push([key, data]);
  });
  const text = JSON.stringify(parts);
  const buildMs = performance.now() - started;
  started = performance.now();
  const loaded = new Index({ tokenize: "forward" });
  for (const [key, data] of JSON.parse(text)) await loaded.import(key, data);
  const loadMs = performance.now() - started;
  figures.flexsearch = {
    buildMs,
    loadMs,
    MiB: mib(text.length),
    gzipMiB: mib(gzipSync(text).length),
    ...timeQueries((q) => loaded.search(q, { limit: 1000 }).length),
  };
}

{
  const pagefind = await import(pathToFileURL(join(modules, "pagefind/lib/index.js")).href);
  started = performance.now();
  const { index } = await pagefind.createIndex({});
  for (const doc of docs)
    await index.addCustomRecord({ url: `/${doc.file}#${doc.anchor}`, content: doc.text, language: "en" });
  const out = mkdtempSync(join(tmpdir(), "pagefind-"));
  await index.writeFiles({ outputPath: out });
  const buildMs = performance.now() - started;
  let bytes = 0;
  let files = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else {
        bytes += statSync(join(dir, entry.name)).size;
        files += 1;
      }
    }
  };
  walk(out);
  figures.pagefind = { buildMs, MiB: mib(bytes), files, note: "fetch()es its index: not from file://" };
  await pagefind.close();
}
console.log(JSON.stringify(figures, null, 2));
