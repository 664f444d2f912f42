import { isUtf8 } from "node:buffer";

/** One non-blank line of a JSON-lines file. */
export interface SourceLine {
  /** 1-based line number. */
  line: number;
  text: string;
  /** True when the bytes were not valid UTF-8 and undecodable bytes became U+FFFD. */
  invalidUtf8: boolean;
  /** True on the file's first line when a UTF-8 byte order mark began it (left out of `text`). */
  bom?: true;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * A file's non-blank lines, one at a time, with the line numbers a person sees in an editor.
 *
 * Works on the Buffer rather than one decoded string so that a file larger than V8's maximum string
 * length still reads line by line, and so invalid UTF-8 can be blamed on the exact lines that hold it.
 * One at a time, so that each line's text is garbage as soon as it is parsed: decoded all at once, a 20 MB
 * file's lines outlived several young-generation collections and were copied by each (about 40 ms of GC).
 */
export function* sourceLines(bytes: Uint8Array): Generator<SourceLine> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Checking the whole buffer once is cheap; only a file that fails pays for per-line checks.
  const checkEachLine = !isUtf8(buffer);
  let start = 0;
  let lineNumber = 0;
  // A UTF-8 byte order mark is not part of the first line's JSON.
  const bom = buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
  if (bom) start = 3;
  while (start <= buffer.length) {
    lineNumber += 1;
    let end = buffer.indexOf(NEWLINE, start);
    if (end === -1) end = buffer.length;
    let contentEnd = end;
    if (contentEnd > start && buffer[contentEnd - 1] === CARRIAGE_RETURN) contentEnd -= 1;
    if (contentEnd > start && !isBlank(buffer, start, contentEnd)) {
      const text = buffer.toString("utf8", start, contentEnd);
      const invalidUtf8 = checkEachLine && !isUtf8(buffer.subarray(start, contentEnd));
      yield bom && lineNumber === 1
        ? { line: 1, text, invalidUtf8, bom }
        : { line: lineNumber, text, invalidUtf8 };
    }
    if (end === buffer.length) break;
    start = end + 1;
  }
}

/** Whether bytes [start, end) are all JSON whitespace; looks no further than the first other byte. */
function isBlank(buffer: Buffer, start: number, end: number): boolean {
  for (let at = start; at < end; at += 1) {
    const byte = buffer[at];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d && byte !== 0x0b && byte !== 0x0c) return false;
  }
  return true;
}
