import { randomUUID } from "node:crypto";
import type Handlebars from "handlebars";

/**
 * The page in pieces: the page around the transcript, and each top-level transcript node on its own
 * (`data.transcript` is those nodes). Joined, they are exactly the page rendered whole.
 */
export type PageParts = (data: { transcript: readonly unknown[]; [field: string]: unknown }) => string[];

/**
 * What `pagePartsOf` needs of a template engine: the page and the transcript partial, and a way to put a
 * function of its own in place of the transcript partial where the page calls it.
 */
export interface PageRenderer {
  page: (data: unknown) => string;
  transcript: (context: unknown) => string;
  replaceTranscript: (partial: (context: { nodes?: unknown }) => string) => void;
}

export function handlebarsPage(
  handlebars: typeof Handlebars,
  page: Handlebars.TemplateDelegate,
  transcript: Handlebars.TemplateDelegate,
): PageRenderer {
  return {
    page,
    transcript: (context) => transcript(context),
    replaceTranscript(partial) {
      // A partial may be a function of (context, options); `{{> transcript nodes=x}}` passes the context
      // with `nodes` set.
      handlebars.registerPartial("transcript", ((context: { nodes?: unknown }) =>
        partial(context)) as unknown as Handlebars.Template);
    },
  };
}

/**
 * Renders the page as pieces rather than one string. Why: a large session's page is one string of tens of
 * millions of characters built by concatenation, and turning it into bytes makes V8 copy it whole, flat
 * (twice its length in bytes when any character is outside Latin-1), beside the bytes themselves. In
 * pieces, each is small when encoded, and the report is written from one buffer the size of the file.
 *
 * The page is rendered with the top-level transcript replaced by a marker (the `transcript` partial,
 * when called with exactly those nodes, returns it), then split there; each node is rendered by the
 * `transcript` partial on its own. The shipped partial is one `{{#each nodes}}` followed by a fixed
 * suffix (what it renders for no nodes), so the nodes' pieces, each without that suffix, and the suffix
 * once join to exactly what it renders for all of them. A `transcript.hbs` of the user's own may not have
 * that shape: with it, and whenever a piece does not end as expected, the page is rendered whole.
 */
export function pagePartsOf(renderer: PageRenderer, shippedTranscript: boolean): PageParts {
  if (!shippedTranscript) return (data) => [renderer.page(data)];
  const { page, transcript } = renderer;
  let slot: { nodes: readonly unknown[]; marker: string } | null = null;
  // The top level is told apart by identity: `{{> transcript nodes=transcript}}` passes exactly the nodes.
  renderer.replaceTranscript((context) =>
    slot !== null && context?.nodes === slot.nodes ? slot.marker : transcript(context),
  );
  return (data) => {
    // Random, so no text in the session can forge it; it never reaches the output.
    const marker = `\u0000pi-report-transcript-${randomUUID()}\u0000`;
    slot = { nodes: data.transcript, marker };
    let around: string[];
    try {
      around = page(data).split(marker);
    } finally {
      slot = null;
    }
    if (around.length === 1) return around;
    const suffix = transcript({ nodes: [] });
    const nodes: string[] = [];
    for (const node of data.transcript) {
      const piece = transcript({ nodes: [node] });
      // Read only for a suffix (the shipped partial has none): reading its end copies a piece flat (40 MB).
      if (suffix !== "" && !piece.endsWith(suffix)) return [page(data)];
      nodes.push(suffix === "" ? piece : piece.slice(0, piece.length - suffix.length));
    }
    return around.flatMap((piece, index) => (index === 0 ? [piece] : [...nodes, suffix, piece]));
  };
}
