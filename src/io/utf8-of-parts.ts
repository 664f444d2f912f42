/**
 * The UTF-8 bytes of strings written one after another: a large report in pieces never becomes one
 * string (see `renderHtmlParts`). Encoded in one pass into one buffer sized for the pieces' UTF-16 length
 * and a twentieth more, which holds a page of mostly ASCII markup; only a piece that might not fit is
 * measured, and the buffer grows when one does not. Measuring every piece first read the page twice:
 * 58 ms against ~40 for the bench session's 26 MB page. (Smaller buffers joined at the end cost as much:
 * each new megabyte is paged in twice.) The bytes are always those of the pieces joined.
 */
export function utf8OfParts(parts: readonly string[]): Buffer {
  let units = 0;
  for (const part of parts) units += part.length;
  let bytes = Buffer.allocUnsafe(Math.ceil(units * 1.05) + 16);
  let offset = 0;
  // A character outside the BMP split between two pieces is encoded whole, as in the joined string: a
  // piece's last unit, when the first half of a pair, goes on to the next piece.
  let carried = "";
  for (const [index, whole] of parts.entries()) {
    let part = carried === "" ? whole : carried + whole;
    carried = "";
    const last = part.charCodeAt(part.length - 1);
    if (last >= 0xd800 && last <= 0xdbff && index < parts.length - 1) {
      carried = part.slice(-1);
      part = part.slice(0, -1);
    }
    units -= whole.length;
    // At most three bytes per UTF-16 unit (a pair: four for two); Buffer.write would cut a piece short.
    if (offset + part.length * 3 > bytes.length) {
      const needed = offset + Buffer.byteLength(part, "utf8");
      if (needed > bytes.length) {
        const grown = Buffer.allocUnsafe(Math.ceil((needed + units) * 1.05) + 16);
        bytes.copy(grown, 0, 0, offset);
        bytes = grown;
      }
    }
    offset += bytes.write(part, offset, "utf8");
  }
  return bytes.subarray(0, offset);
}
