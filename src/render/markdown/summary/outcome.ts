/**
 * The outcome of a session for the short summary: the last answer the model gave on the active branch,
 * cut at a paragraph, line, sentence or word near a length a reviewer reads at a glance.
 */
import type { RootContent } from "mdast";
import type { TranscriptNode } from "../../../view/entry-view.js";
import { cutWhole } from "../../../view/format.js";
import { plural, SESSION_HEADING_OFFSET } from "../markdown-context.js";
import { blockquote, emphasis, paragraph, text } from "../mdast.js";
import { sessionMarkdown } from "../session-markdown.js";

/** The answer is shown up to about this many characters. */
export const OUTCOME_MAX = 1200;

/**
 * The text of the last assistant reply on the active branch that holds any (replies of tool calls only,
 * errors and aborted turns without words are passed over); null when no reply has text.
 */
export function lastAnswer(transcript: readonly TranscriptNode[]): string | null {
  for (let at = transcript.length - 1; at >= 0; at -= 1) {
    const node = transcript[at];
    // Folded branches were left: what the session came to is on the active one.
    if (node === undefined || node.kind !== "entry") continue;
    const { content } = node.entry;
    if (content.type !== "message" || content.message.role !== "assistant") continue;
    const words = content.message.parts
      .flatMap((part) => (part.kind === "text" && part.text.trim() !== "" ? [part.text.trim()] : []))
      .join("\n\n");
    if (words !== "") return words;
  }
  return null;
}

/** Sentence ends, in the scripts sessions are written in: `. `, `! `, `? ` and the full-width ones. */
const SENTENCE_END = /[.!?](?=\s)|[。！？]/g;

/**
 * `value` cut to at most `max` characters at the best boundary in its second half: a blank line, else a
 * line break, else the end of a sentence, else a space; a long run with none of these is cut as is (never
 * inside a surrogate pair). Trailing white space is dropped.
 */
export function cutAtBoundary(value: string, max: number): string {
  if (value.length <= max) return value;
  const head = value.slice(0, max + 1);
  const least = Math.floor(max / 2);
  const paragraphEnd = head.lastIndexOf("\n\n");
  if (paragraphEnd >= least) return head.slice(0, paragraphEnd).trimEnd();
  const lineEnd = head.lastIndexOf("\n");
  if (lineEnd >= least) return head.slice(0, lineEnd).trimEnd();
  let sentenceEnd = -1;
  for (const match of head.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (end <= max) sentenceEnd = end;
  }
  if (sentenceEnd >= least) return head.slice(0, sentenceEnd).trimEnd();
  const space = head.lastIndexOf(" ");
  if (space >= least) return head.slice(0, space).trimEnd();
  return cutWhole(value, max);
}

/**
 * The answer as a quote, cut past `OUTCOME_MAX` with a note of how many characters were left out; null
 * when the session holds no answer.
 */
export function outcomeBlocks(transcript: readonly TranscriptNode[]): RootContent[] | null {
  const answer = lastAnswer(transcript);
  if (answer === null) return null;
  const cut = cutAtBoundary(answer, OUTCOME_MAX);
  const blocks = [blockquote(...sessionMarkdown(cut, SESSION_HEADING_OFFSET))];
  const more = answer.length - cut.length;
  if (more > 0)
    blocks.push(paragraph(emphasis(text(`… (${plural(more, "more character", "more characters")})`))));
  return blocks;
}
