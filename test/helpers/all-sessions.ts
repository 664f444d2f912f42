import { readdirSync, readFileSync } from "node:fs";
import { CORPUS, FIXTURES } from "./paths.js";

/** Every session file the tests know: the real corpus and the hand-made fixtures. */
export function allSessionFiles(): string[] {
  const list = (dir: string) =>
    readdirSync(dir)
      .filter((name) => name.endsWith(".jsonl"))
      .map((name) => `${dir}${name}`);
  return [...list(`${CORPUS}real/`), ...list(`${CORPUS}pi-migrated/`), ...list(`${FIXTURES}sessions/`)];
}

/**
 * Every session in the corpus, in any of its folders: each `.jsonl` whose first line is a session
 * header (Pi's figures beside them are `.jsonl` too, but not sessions). Paths relative to the corpus.
 */
export function corpusSessions(): string[] {
  const sessions = readdirSync(CORPUS, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".jsonl"))
    .filter((path) => {
      const firstLine = readFileSync(`${CORPUS}${path}`, "utf8").split("\n", 1)[0] ?? "";
      try {
        return (JSON.parse(firstLine) as { type?: unknown }).type === "session";
      } catch {
        return false;
      }
    });
  return sessions.sort();
}
