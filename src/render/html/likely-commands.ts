import { asObject, parseArgs, stringField } from "../../view/tools/args.js";
import { DEFAULT_HIGHLIGHT_BUDGET } from "../primitives/highlight/budget.js";
import type { TokenizeRequest } from "../primitives/highlight/deferred-tokenizer.js";
import { resolveLanguage, SHELL_LANGUAGE } from "../primitives/highlight/languages.js";

/** A block the page will likely highlight, as the report thread tokenizes it: its language id and code. */
export type LikelyBlock = Pick<TokenizeRequest, "id" | "code">;

/**
 * The commands of a session's shell tool calls, as the page will ask for them highlighted: the tool
 * card's command (`stringField(args, "command", "cmd")`, as present-tool.ts reads it) in the card's
 * language, in the order of the file, each once, as far as the default budget would let commands go
 * (commands are highlighted first, so only other commands come before them).
 *
 * Why: the report thread is idle while this thread analyses the session and builds its view (~0.3 s on
 * the 20 MB bench session), because which blocks the page highlights is known only once the whole page
 * model is built. Commands are a third of what it then tokenizes, and can be read off the redacted
 * records at once: tokenized ahead, their answers are in the thread's cache when the page asks. A guess
 * only: what the page highlights is still decided by its budget, and a command guessed wrong costs idle
 * time, never a byte of the page.
 *
 * Takes entries as stored (see `likelyLanguages`); anything of another shape is passed over.
 */
export function likelyCommands(entries: Iterable<unknown>): LikelyBlock[] {
  const { totalChars, perBlockChars } = DEFAULT_HIGHLIGHT_BUDGET;
  const seen = new Set<string>();
  const blocks: LikelyBlock[] = [];
  let spent = 0;
  for (const entry of entries) {
    const message = asObject(asObject(entry)?.message);
    if (message?.role !== "assistant" || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      const call = asObject(block);
      if (call?.type !== "toolCall" || (call.name !== "bash" && call.name !== "powershell")) continue;
      const code = stringField(parseArgs(call.arguments).object, "command", "cmd") ?? "";
      const id = resolveLanguage(call.name === "powershell" ? "powershell" : SHELL_LANGUAGE);
      const key = `${id}\0${code}`;
      if (id === undefined || code.length > perBlockChars || seen.has(key)) continue;
      if (spent + code.length > totalChars) return blocks;
      seen.add(key);
      spent += code.length;
      blocks.push({ id, code });
    }
  }
  return blocks;
}
