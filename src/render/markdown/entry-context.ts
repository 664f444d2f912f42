import { speedPieceOn } from "../../speed/pieces.js";
import type { MarkdownImages } from "./images.js";
import { type MarkdownContext, SESSION_HEADING_OFFSET } from "./markdown-context.js";
import { stringify } from "./mdast.js";
import { subMessageToMarkdown } from "./message-to-markdown.js";
import { sessionMarkdown } from "./session-markdown.js";
import { sessionPieces } from "./session-pieces.js";
import { stringifyOnce } from "./stringify-once.js";

/** What an entry's Markdown depends on besides the entry itself (and the images, which stay here). */
export interface EntrySettings {
  cwd: string | null;
  thinking: boolean;
}

/** What the entries of the Markdown report are rendered with. */
export function markdownContext(settings: EntrySettings, images: MarkdownImages): MarkdownContext {
  const context: MarkdownContext = {
    cwd: settings.cwd,
    thinking: settings.thinking,
    images,
    subMessage: (message) => subMessageToMarkdown(message, context),
    session: speedPieceOn("session-pieces")
      ? sessionPieces(SESSION_HEADING_OFFSET)
      : (markdown) => sessionMarkdown(markdown, SESSION_HEADING_OFFSET),
    stringifyOnce: speedPieceOn("stringify-once") ? stringifyOnce() : stringify,
  };
  return context;
}
