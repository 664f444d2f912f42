import type { RootContent } from "mdast";
import { serializePiece } from "./mdast.js";
import { sessionMarkdown } from "./session-markdown.js";

/**
 * A report's session Markdown (prose, thinking, summaries) as blocks, each distinct text parsed and
 * serialized once: sessions repeat their texts (a file read again, a skill pasted into each prompt, a
 * summary carried from branch to branch), and serializing mdast costs per node, as much as parsing.
 *
 * A text becomes one `html` node holding its blocks serialized on their own (`serializePiece`), which
 * the serializer writes as it stands; session Markdown only ever stands among the blocks of a root or a
 * blockquote, where that is the Markdown its blocks come to in place. Except a text that starts or ends
 * with a list: a list right after another list takes the other bullet, so such a text stays blocks, for
 * the serializer to see its neighbours. Use one per report: it keeps every text it has seen.
 */
export function sessionPieces(
  headingOffset: number,
  plainProse = true,
  byCharacter = true,
): (markdown: string) => RootContent[] {
  const pieces = new Map<string, RootContent | null>();
  return (markdown) => {
    const known = pieces.get(markdown);
    if (known !== undefined) {
      return known === null ? sessionMarkdown(markdown, headingOffset, plainProse) : [known];
    }
    const blocks = sessionMarkdown(markdown, headingOffset, plainProse);
    const piece = asPiece(blocks, byCharacter);
    pieces.set(markdown, piece);
    return piece === null ? blocks : [piece];
  };
}

/** Blocks as one finished piece, or null when they must stay blocks (see `sessionPieces`). */
function asPiece(blocks: RootContent[], byCharacter: boolean): RootContent | null {
  if (blocks.length === 0 || blocks[0]?.type === "list" || blocks.at(-1)?.type === "list") return null;
  try {
    return { type: "html", value: serializePiece(blocks, byCharacter) };
  } catch {
    // Left to the report's own serializing, which falls back as it always has.
    return null;
  }
}
