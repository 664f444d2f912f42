import type { Frame, HeredocFrame } from "./shell-syntax.js";
import { PLAIN } from "./shell-syntax.js";
import { appendSpan, type Span } from "./styled-spans.js";

/** Where the shell scanner stands in one text, shared by its steps (shell-commands.ts, shell-words.ts, …). */
export interface ShellScan {
  readonly code: string;
  readonly length: number;
  /** The next character to read. */
  at: number;
  /** The spans found so far, in order and not overlapping. */
  readonly spans: Span[];
  /** What the scanner is inside of: the top level, substitutions, quotes, expansions, here-documents. */
  readonly stack: Frame[];
  /** Here-documents announced on the current line: their bodies start on the next. */
  readonly pending: HeredocFrame[];
}

/** Colours `from`..`to` as `key`, or leaves it plain (`PLAIN`); a run of one kind stays one span. */
export function emit(scan: ShellScan, from: number, to: number, key: number): void {
  if (key !== PLAIN) appendSpan(scan.spans, from, to, key);
}

/** Where the line that `from` is on ends (its `\n`, or the end of the text). */
export function lineEnd(code: string, from: number): number {
  const end = code.indexOf("\n", from);
  return end === -1 ? code.length : end;
}
