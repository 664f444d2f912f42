#!/usr/bin/env node
import { enableCompileCache } from "../speed/machinery/compile-cache.js";
import { tuneTierUpForBatch } from "../speed/machinery/tier-up.js";
import { speedPieceOn } from "../speed/pieces.js";
import { allowHeapBound } from "./heap-growth.js";

// First, so the command's modules loaded below come from the compile cache (compile-cache.ts).
enableCompileCache();
// Before the command's modules are even loaded: see tier-up.ts; run inside Pi, this never happens. A piece
// of speed machinery: switched off (src/speed/pieces.ts), V8 keeps its defaults.
if (speedPieceOn("tier-up")) tuneTierUpForBatch();
// Only the command's own process may bound the heap for a report (heap-growth.ts), never a host's.
allowHeapBound();
const { run } = await import("./run.js");

// A reader that stops early (`| head`, quitting `less`) closes the pipe: the rest of the report is not
// wanted, which is no failure of ours. Node would throw the write's EPIPE as an unhandled error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
