/**
 * The id given to an entry that has none (every v1 entry): derived from where it sits in the file, so two
 * runs over the same file give the same ids and a reader can find the line from the id.
 */
export function generatedId(line: number, part: number): string {
  return part === 0 ? `line-${line}` : `line-${line}-${part + 1}`;
}
