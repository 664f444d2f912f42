#!/usr/bin/env node
import { tuneTierUpForBatch } from "./tier-up.js";

// Before the command's modules are even loaded: see tier-up.ts.
tuneTierUpForBatch();
const { run } = await import("./run.js");

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
