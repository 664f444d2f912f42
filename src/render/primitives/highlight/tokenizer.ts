/**
 * Where a report's highlighting is done. The budget decides *what* is highlighted, in order, in the
 * rendering thread; a tokenizer only turns code the budget already paid for into per-line HTML.
 *
 * `tokenize` takes a group of blocks in one language and answers for all of them or none (`undefined`):
 * a diff's two sides are one group, since a diff coloured on one side only would read as a fault.
 */
export interface LineTokenizer {
  tokenize(codes: readonly string[], id: string): Promise<string[][] | undefined>;
}
