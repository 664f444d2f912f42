#!/usr/bin/env node
// First, so the heap is tuned before anything is loaded (see heap-growth.ts).
import "./heap-growth.js";
import { run } from "./run.js";

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
