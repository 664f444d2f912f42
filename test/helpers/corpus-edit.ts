import { readFileSync } from "node:fs";
import { CORPUS } from "./paths.js";

/** The `details` of the tool result stored on line `line` (1-based) of a corpus file. */
export function toolResultDetailsAt(file: string, line: number): Record<string, unknown> {
  const text = readFileSync(`${CORPUS}${file}`, "utf8").split("\n")[line - 1] ?? "";
  const entry = JSON.parse(text) as { message: { details: Record<string, unknown> } };
  return entry.message.details;
}
