import { fileURLToPath } from "node:url";
import { defineConfig } from "rolldown";

/**
 * Bundles the command (and the archive's worker) from tsc's output in dist/ into dist/bin/.
 *
 * Why: Node 20 resolves and compiles every ES module file separately, and the command loads several
 * hundred (zod alone is ~70). Loading them as a few bundled files takes a `--format json` run on a 2 MB
 * session from ~195 ms to ~135 ms (see BENCHMARKS.md). The library (`dist/index.js`) stays unbundled.
 *
 * Left external, loaded from node_modules as before: piscina (starts worker threads by file path) and
 * open (finds its bundled xdg-open beside itself).
 *
 * `debug` (secretlint's core logs through it for its own developers) is replaced by a silent stand-in:
 * loading it cost 12-19 ms of every report that redacts (src/bundle/debug-off.ts).
 */
export default defineConfig({
  input: {
    "pi-report": "dist/cli/main.js",
    "archive-worker": "dist/archive/pool/archive-worker.js",
    "report-worker": "dist/speed/machinery/report-worker.js",
  },
  platform: "node",
  resolve: { alias: { debug: fileURLToPath(new URL("dist/bundle/debug-off.js", import.meta.url)) } },
  external: ["piscina", "open"],
  output: {
    // PI_REPORT_BUNDLE_DIR: elsewhere, for the test that the build is quiet (test/package/quiet-build.test.ts).
    dir: process.env.PI_REPORT_BUNDLE_DIR ?? "dist/bin",
    format: "esm",
    entryFileNames: "[name].js",
    // Chunks beside the entries: modules that find files beside themselves (the worker) work from any chunk.
    chunkFileNames: "[name]-[hash].js",
    cleanDir: true,
  },
});
