/**
 * The characters that act on a terminal or reorder text rather than show: the C0 controls but tab and line
 * feed (ESC, BEL, CR among them), DEL, the C1 controls, and the bidi embeddings, overrides and isolates.
 * What no output or message of the tool may hold raw.
 */
export function actingCharacters(text: string): string[] {
  return [...text].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return (
      (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    );
  });
}
