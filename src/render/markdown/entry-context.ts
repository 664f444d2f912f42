import type { RootContent } from "mdast";
import { DEFAULT_ENGINES, type RenderEngines } from "../primitives/engines.js";
import type { MarkdownImages } from "./images.js";
import { type MarkdownContext, SESSION_HEADING_OFFSET } from "./markdown-context.js";
import { stringify, stringifyEach } from "./mdast.js";
import { subMessageToMarkdown } from "./message-to-markdown.js";
import { sessionMarkdown } from "./session-markdown.js";
import { sessionPieces } from "./session-pieces.js";
import { stringifyOnce } from "./stringify-once.js";

/**
 * What an entry's Markdown depends on besides the entry itself (and the images, which stay here). Plain
 * data: it is sent to the report thread with the entries it renders there.
 */
export interface EntrySettings {
  cwd: string | null;
  thinking: boolean;
  /** The pieces to render with (`DEFAULT_ENGINES` when unset). */
  engines?: RenderEngines;
}

/** What the entries of the Markdown report are rendered with. */
export function markdownContext(settings: EntrySettings, images: MarkdownImages): MarkdownContext {
  const { plainProse, markdown: pieces } = settings.engines ?? DEFAULT_ENGINES;
  const serialize = (nodes: RootContent[]) => stringify(nodes, pieces.textByCharacter);
  const context: MarkdownContext = {
    cwd: settings.cwd,
    thinking: settings.thinking,
    images,
    subMessage: (message) => subMessageToMarkdown(message, context),
    session: pieces.sessionPieces
      ? sessionPieces(SESSION_HEADING_OFFSET, plainProse, pieces.textByCharacter)
      : (markdown) => sessionMarkdown(markdown, SESSION_HEADING_OFFSET, plainProse),
    stringifyOnce: pieces.stringifyOnce ? stringifyOnce(serialize) : serialize,
    stringify: serialize,
    stringifyEach: (groups) => stringifyEach(groups, pieces.textByCharacter),
  };
  return context;
}
