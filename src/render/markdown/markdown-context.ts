import type { RootContent } from "mdast";
import type { MessageView } from "../../view/entry-view.js";
import type { MarkdownImages } from "./images.js";

/** What the entry, message and tool builders of the Markdown report share. */
export interface MarkdownContext {
  /** The session's cwd: tool paths inside it are shown relative to it. */
  cwd: string | null;
  /** Show thinking (folded); false leaves it out with a note. */
  thinking: boolean;
  images: MarkdownImages;
  /**
   * One message of a sub-agent's transcript as blocks. Injected, because messages hold tool calls and
   * a sub-agent tool holds messages: this keeps the two modules free of an import cycle.
   */
  subMessage: (message: MessageView) => RootContent[];
  /**
   * Session Markdown (a prompt, a reply, a summary) as blocks below the report's headings; each distinct
   * text is parsed and serialized once per report (`sessionPieces`).
   */
  session: (markdown: string) => RootContent[];
  /** Serializes a small tree the report repeats (an entry's heading, its context note) once (`stringifyOnce`). */
  stringifyOnce: (nodes: RootContent[]) => string;
  /** `stringify` with the report's engines. */
  stringify: (nodes: RootContent[]) => string;
  /** `stringifyEach` with the report's engines: many entries' blocks in one serializer pass. */
  stringifyEach: (groups: readonly RootContent[][]) => string[];
}

/** Session Markdown sits below the report's own headings (`#` title, `##` sections, `###` entries). */
export const SESSION_HEADING_OFFSET = 3;

/** Shared with the other renderers (view/format.ts); imported from here by the Markdown modules. */
export { plural } from "../../view/format.js";

/** Number of lines of a text (a final newline ends the last line, it does not start another). */
export function lineCount(value: string): number {
  if (value === "") return 0;
  let lines = 1;
  for (let at = value.indexOf("\n"); at !== -1; at = value.indexOf("\n", at + 1)) lines += 1;
  return value.endsWith("\n") ? lines - 1 : lines;
}

/** JSON for display; values JSON cannot hold (undefined, cycles, BigInt) are described instead. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch (error) {
    return `(cannot be shown as JSON: ${error instanceof Error ? error.message : String(error)})`;
  }
}
