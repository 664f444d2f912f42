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

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/**
 * The UTF-8 bytes of strings written one after another, as `utf8OfParts` gives them, in chunks of at most
 * `chunkBytes` bytes encoded into one buffer that every chunk reuses: what a large report is written from
 * without a buffer the size of the file (the bench session's page with its session file is 54 MB). A chunk
 * is valid only until the next one is asked for. A long piece is encoded a window at a time, never copied.
 */
export function* utf8Chunks(parts: readonly string[], chunkBytes = 1 << 20): Generator<Uint8Array> {
  const buffer = Buffer.allocUnsafe(chunkBytes);
  // At most three bytes per UTF-16 unit (a pair: four for two), so a window this long always fits.
  const window = Math.max(2, Math.floor(chunkBytes / 3));
  let offset = 0;
  function* write(text: string): Generator<Uint8Array> {
    if (offset > 0 && offset + text.length * 3 > chunkBytes) {
      yield buffer.subarray(0, offset);
      offset = 0;
    }
    offset += buffer.write(text, offset, "utf8");
  }
  // The first half of a pair that ended the piece before: encoded with the second half, if the next
  // piece starts with it, as the joined string would be.
  let carried = "";
  for (const [index, part] of parts.entries()) {
    let from = 0;
    if (carried !== "" && part !== "") {
      const low = part.charCodeAt(0);
      const paired = low >= 0xdc00 && low <= 0xdfff;
      yield* write(paired ? carried + part[0] : carried);
      carried = "";
      from = paired ? 1 : 0;
    }
    let end = part.length;
    if (end > from && index < parts.length - 1 && isHighSurrogate(part.charCodeAt(end - 1))) {
      carried = part.slice(end - 1);
      end -= 1;
    }
    while (from < end) {
      let to = Math.min(from + window, end);
      // Never a pair split between two windows: each half alone would be written as U+FFFD.
      if (to < end && isHighSurrogate(part.charCodeAt(to - 1))) to -= 1;
      yield* write(part.slice(from, to));
      from = to;
    }
  }
  if (carried !== "") yield* write(carried);
  if (offset > 0) yield buffer.subarray(0, offset);
}
