import type { SessionEntry } from "../../schema/entry.js";
import { parseArgs, stringField } from "../../view/tools/args.js";
import { languageFromPath } from "../primitives/highlight/languages.js";

/** How many file languages to name: past the first few, a session's files are too few to be worth it. */
const MOST = 3;

/**
 * The languages of the files a session's tool calls read, wrote and edited, most used first (ties by
 * name): what its report will most likely highlight besides commands. A cheap guess from the calls'
 * `path` arguments, made before the page is built, so the report thread can warm those grammars up.
 */
export function likelyLanguages(entries: readonly SessionEntry[]): string[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    if (entry.body.type !== "message" || entry.body.message.role !== "assistant") continue;
    const content = entry.body.message.content;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      if (block.type !== "toolCall") continue;
      const path = stringField(parseArgs(block.arguments).object, "path", "file_path", "filePath");
      const language = languageFromPath(path);
      if (language !== undefined) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MOST)
    .map(([language]) => language);
}
