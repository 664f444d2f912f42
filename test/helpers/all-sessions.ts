import { readdirSync } from "node:fs";
import { CORPUS, FIXTURES } from "./paths.js";

/** Every session file the tests know: the real corpus and the hand-made fixtures. */
export function allSessionFiles(): string[] {
  const list = (dir: string) =>
    readdirSync(dir)
      .filter((name) => name.endsWith(".jsonl"))
      .map((name) => `${dir}${name}`);
  return [...list(`${CORPUS}real/`), ...list(`${CORPUS}pi-migrated/`), ...list(`${FIXTURES}sessions/`)];
}
