import type { EntryBody } from "../../schema/entry.js";
import { textOf } from "../../view/content-view.js";
import { splitSkill } from "../../view/skill.js";
import { mayHaveFootnotes } from "../primitives/markdown/markdown-parts.js";
import { isPlainProse } from "../primitives/markdown/plain-prose.js";

/**
 * The markdown texts the page will most likely format, in the order of the entries, distinct, up to
 * `chars` characters: for the report thread to render ahead (`ReportThread.markdownAhead`) while this
 * thread builds the page model. Prompts, replies, extension messages and summaries, as the views show
 * them; plain prose (which costs nothing to show) and text with footnotes (whose ids depend on where it
 * stands) are left out. A guess: a text the page does not show is wasted work in the other thread, and
 * one missed is rendered here as before.
 */
export function likelyMarkdown(bodies: Iterable<EntryBody>, chars: number): string[] {
  const texts = new Set<string>();
  let total = 0;
  const take = (text: string) => {
    if (total >= chars || text === "" || texts.has(text) || mayHaveFootnotes(text) || isPlainProse(text))
      return;
    texts.add(text);
    total += text.length;
  };
  for (const body of bodies) {
    if (total >= chars) break;
    if (body.type === "compaction" || body.type === "branch_summary") take(body.summary);
    else if (body.type === "custom_message") take(textOf(body.content));
    else if (body.type === "message") {
      const { message } = body;
      if (message.role === "assistant") {
        if (typeof message.content === "string") take(message.content);
        else for (const block of message.content) if (block.type === "text") take(block.text);
      } else if (message.role === "user") {
        const { typed, skill } = splitSkill(textOf(message.content));
        take(typed);
        if (skill !== null) take(skill.body);
      } else if (message.role === "custom") take(textOf(message.content));
    }
  }
  return [...texts];
}
