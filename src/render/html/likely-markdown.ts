import type { EntryBody } from "../../schema/entry.js";
import { parseMessage, type StoredMessage } from "../../schema/message.js";
import { subagentResults } from "../../usage/subagent-usage.js";
import { textOf } from "../../view/content-view.js";
import { splitSkill } from "../../view/skill.js";
import { MAX_TRANSCRIPT_DEPTH } from "../../view/tools/subagent-body.js";
import { mayHaveFootnotes } from "../primitives/markdown/footnotes.js";
import { isPlainProse } from "../primitives/markdown/plain-prose.js";

/**
 * The markdown texts the page will most likely format, in the order of the entries, distinct, up to
 * `chars` characters: for the report thread to render ahead (`ReportThread.markdownAhead`) while this
 * thread builds the page model. Prompts, replies, extension messages, summaries, and sub-agent output,
 * tasks and transcripts, as the views show them; plain prose (which costs nothing to show) and text with
 * footnotes (whose ids depend on where it stands) are left out. A guess: a text the page does not show is
 * wasted work in the other thread, and one missed is rendered here as before (and loads the pipeline here).
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
  const takeMessage = (message: StoredMessage, depth: number) => {
    if (message.role === "assistant") {
      if (typeof message.content === "string") take(message.content);
      else for (const block of message.content) if (block.type === "text") take(block.text);
    } else if (message.role === "user") {
      const { typed, skill } = splitSkill(textOf(message.content));
      take(typed);
      if (skill !== null) take(skill.body);
    } else if (message.role === "custom") take(textOf(message.content));
    else if (message.role === "toolResult") {
      // A sub-agent tool's output is shown as markdown (tool-to-html.ts), and so are its runs' tasks and
      // transcripts, to the depth the view shows them: by the name Pi gives the tool, or by its runs.
      const runs = subagentResults(message.details);
      if (message.toolName === "subagent" || runs.length > 0) take(textOf(message.content));
      for (const run of runs) {
        if (typeof run.task === "string") take(run.task);
        if (depth < MAX_TRANSCRIPT_DEPTH && Array.isArray(run.messages))
          for (const inner of run.messages) takeMessage(parseMessage(inner), depth + 1);
      }
    }
  };
  for (const body of bodies) {
    if (total >= chars) break;
    if (body.type === "compaction" || body.type === "branch_summary") take(body.summary);
    else if (body.type === "custom_message") take(textOf(body.content));
    else if (body.type === "message") takeMessage(body.message, 0);
  }
  return [...texts];
}
