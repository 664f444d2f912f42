import { readFileSync } from "node:fs";

/** This tool's version, from package.json (one folder up from both `src/` and `dist/`). */
export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
