import { readFileSync } from "node:fs";
import { packagePath } from "./package-root.js";

/** This tool's version, from the package's package.json. */
export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string }
).version;
