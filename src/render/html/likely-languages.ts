import { asObject, parseArgs, pathArgument } from "../../view/tools/args.js";
import { languageFromPath } from "../primitives/highlight/languages.js";

/** How many file languages to name: past the first few, a session's files are too few to be worth it. */
const MOST = 3;

/**
 * The languages of the files a session's tool calls read, wrote and edited, most used first (ties by
 * name): what its report will most likely highlight besides commands. A cheap guess from the calls'
 * `path` arguments, for the report thread to warm those grammars up before the page needs them.
 *
 * Takes entries as stored (a message entry: `{ type: "message", message: { role, content } }`): typed
 * entries' bodies, or lines as read. Anything of another shape is passed over: this is a hint, never a
 * reading of the session.
 */
export function likelyLanguages(entries: Iterable<unknown>): string[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const message = asObject(asObject(entry)?.message);
    if (message?.role !== "assistant" || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      const call = asObject(block);
      if (call?.type !== "toolCall") continue;
      const path = pathArgument(parseArgs(call.arguments).object);
      const language = languageFromPath(path);
      if (language !== undefined) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MOST)
    .map(([language]) => language);
}
