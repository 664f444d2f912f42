/** The visible text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed, lower-cased. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/** Words of a text worth looking for: letters and digits, four or more. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []).slice(0, 40);
}

/** The HTML of the element with this id, up to the end of the page (enough to search its content). */
export function fromId(html: string, id: string): string {
  const at = html.indexOf(`id="${id}"`);
  return at === -1 ? "" : html.slice(at);
}
