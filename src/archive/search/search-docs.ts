import type { SessionAnalysis } from "../../pipeline.js";
import type { ContentBlock } from "../../schema/content.js";
import { entryAnchors } from "../../view/anchors.js";

/** What a piece of searchable text is: a person's prompt, a model's answer, a command, a file's path. */
export type SearchKind = "prompt" | "answer" | "command" | "path";

/** One entry's searchable text, with the anchor of the entry on the session's page. */
export interface SearchDoc {
  anchor: string;
  kind: SearchKind;
  text: string;
}

/** Characters of one text kept for search: enough to find it by, and an index a browser can load. */
const MAX_TEXT = 600;

const clip = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_TEXT ? flat.slice(0, MAX_TEXT) : flat;
};

const textOf = (content: string | readonly ContentBlock[]): string =>
  typeof content === "string"
    ? content
    : content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");

/** The command or path a tool call names (`bash` and the file tools of Pi and others). */
function callDocs(block: ContentBlock): { kind: SearchKind; text: string }[] {
  if (block.type !== "toolCall" || typeof block.arguments !== "object" || block.arguments === null) return [];
  const args = block.arguments as Record<string, unknown>;
  const docs: { kind: SearchKind; text: string }[] = [];
  if (typeof args.command === "string") docs.push({ kind: "command", text: args.command });
  for (const key of ["path", "file_path", "filePath"]) {
    if (typeof args[key] === "string") docs.push({ kind: "path", text: args[key] as string });
  }
  return docs;
}

/**
 * The text the archive's search finds a session by: prompts, answers, commands and file paths, entry
 * by entry, from the session as its page shows it (redacted already: `redactRawSession` ran before).
 * Tool output and thinking are left out: they are most of the bytes and rarely what one looks for.
 */
export function searchDocs(analysis: SessionAnalysis): SearchDoc[] {
  const entries = analysis.tree.entries;
  const anchors = entryAnchors(entries);
  const docs: SearchDoc[] = [];
  entries.forEach((entry, index) => {
    const { body } = entry;
    const anchor = anchors[index] as string;
    const add = (kind: SearchKind, text: string) => {
      const clipped = clip(text);
      if (clipped !== "") docs.push({ anchor, kind, text: clipped });
    };
    if (body.type !== "message") return;
    const message = body.message;
    if (message.role === "user") add("prompt", textOf(message.content));
    else if (message.role === "bashExecution") add("command", message.command);
    else if (message.role === "assistant") {
      add("answer", textOf(message.content));
      if (typeof message.content !== "string")
        for (const block of message.content) for (const doc of callDocs(block)) add(doc.kind, doc.text);
    }
  });
  return docs;
}
