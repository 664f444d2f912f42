import type { RootContent } from "mdast";
import { stripAnsi } from "../primitives/ansi/strip-ansi.js";
import { lineCount, plural } from "./markdown-context.js";
import { codeBlock, details, emphasis, paragraph, strong, text } from "./mdast.js";

/** Outputs longer than this many lines are folded; shorter ones are shown open (as in the HTML report). */
const OPEN_LINES = 20;

/**
 * A command's or tool's output: the whole text in one fenced block under a label ("Output · 3 lines",
 * "Error · 12 lines"), folded past 20 lines; "(no output)" when empty, unless `empty` says to show
 * nothing (a result that holds only images). Terminal escapes mean nothing in Markdown: the text is
 * kept, its colours dropped.
 */
export function outputBlocks(
  raw: string,
  options: { error?: boolean; language?: string | undefined; empty?: "note" | "nothing" } = {},
): RootContent[] {
  const output = stripAnsi(raw);
  if (output === "") return options.empty === "nothing" ? [] : [paragraph(emphasis(text("(no output)")))];
  const lines = lineCount(output);
  const label = `${options.error === true ? "Error" : "Output"} · ${plural(lines, "line", "lines")}`;
  const block = codeBlock(output, options.language);
  if (lines > OPEN_LINES) return [...details(label, [block])];
  return [paragraph(options.error === true ? strong(text(label)) : text(label)), block];
}
