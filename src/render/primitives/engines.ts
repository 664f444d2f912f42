/**
 * The interchangeable pieces a report is rendered with. Each is a faster way to the same report (src/speed/
 * pieces.ts names them and says what each replaced); whoever starts a report chooses them once and hands
 * them in, as shiki is handed its regex engine, so that no renderer reads a switch of its own. A library
 * caller leaves them out and gets the defaults, every piece on.
 */
export interface RenderEngines {
  /**
   * How the page's templates run (by handlebars' own runtime): from templates the build compiled
   * (`precompiled`) or compiled when the report starts.
   */
  readonly templates: { readonly precompiled: boolean };
  /** Our own highlighters: shell by a scanner, TypeScript and JavaScript from a Lezer parse; off, shiki's grammar. */
  readonly highlighters: OwnHighlighters;
  /** Markdown that is only prose written as paragraphs without a parse (plain-prose.ts). */
  readonly plainProse: boolean;
  /**
   * The Markdown report: each distinct session text parsed and serialized once; each heading and note once;
   * each text escaped with only the serializer's patterns that can match it (text-by-character.ts).
   */
  readonly markdown: {
    readonly sessionPieces: boolean;
    readonly stringifyOnce: boolean;
    readonly textByCharacter: boolean;
  };
}

/** Which languages our own highlighters take from shiki's grammars. Plain data: it is sent to threads. */
export interface OwnHighlighters {
  readonly shell: boolean;
  readonly lezer: boolean;
}

/** Every piece on: what a report is rendered with unless its caller says otherwise. */
export const DEFAULT_ENGINES: RenderEngines = Object.freeze({
  templates: Object.freeze({ precompiled: true }),
  highlighters: Object.freeze({ shell: true, lezer: true }),
  plainProse: true,
  markdown: Object.freeze({ sessionPieces: true, stringifyOnce: true, textByCharacter: true }),
});
