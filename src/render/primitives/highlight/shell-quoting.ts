import { emit, lineEnd, type ShellScan } from "./shell-scan.js";
import {
  commandFrame,
  ESCAPE,
  type ExpansionFrame,
  type HeredocFrame,
  isDigit,
  isNameChar,
  isNameStart,
  OPERATOR,
  PLAIN,
  POSITIONAL,
  SPECIAL_VARIABLE,
  STRING,
  type StringFrame,
} from "./shell-syntax.js";

// The shell scanner (shell-tokens.ts) inside quotes and expansions: `$…` in all its forms, double-quoted
// strings, `${…}` and `$((…))`, and here-document bodies.

/** `$…` at `at`: a variable, `${…}`, `$(…)` or `$((…))`; returns whether it read one. */
export function dollar(scan: ShellScan, quoted: boolean): boolean {
  const next = scan.code[scan.at + 1];
  if (next === "(" && scan.code[scan.at + 2] === "(") {
    emit(scan, scan.at, scan.at + 3, quoted ? STRING : PLAIN);
    scan.at += 3;
    scan.stack.push({ kind: "arithmetic", depth: 0, quoted });
    return true;
  }
  if (next === "(") {
    emit(scan, scan.at, scan.at + 2, quoted ? STRING : PLAIN);
    scan.at += 2;
    scan.stack.push(commandFrame("subshell", quoted));
    return true;
  }
  if (next === "{") {
    emit(scan, scan.at, scan.at + 2, quoted ? STRING : PLAIN);
    scan.at += 2;
    scan.stack.push({ kind: "expansion", depth: 0, quoted });
    return true;
  }
  if (isNameStart(next)) {
    let end = scan.at + 2;
    while (isNameChar(scan.code[end])) end += 1;
    scan.at = end;
    return true;
  }
  // Positional parameters show as such outside strings; inside, the grammar colours them as constants.
  if (isDigit(next)) {
    emit(scan, scan.at, scan.at + 2, quoted ? SPECIAL_VARIABLE : POSITIONAL);
    scan.at += 2;
    return true;
  }
  if (next !== undefined && "@*#?$!-_".includes(next)) {
    emit(
      scan,
      scan.at,
      scan.at + 2,
      (next === "@" || next === "*") && !quoted ? POSITIONAL : SPECIAL_VARIABLE,
    );
    scan.at += 2;
    return true;
  }
  return false;
}

/**
 * In double quotes or an expanding here-document: a backslash and what it escapes (an escape when the
 * next character is one of `escapable`, else text), a substitution or variable, a backtick, or a run of
 * text in colour `key` up to the next of `stops`.
 */
export function expandingText(scan: ShellScan, key: number, stops: string, escapable: string) {
  const char = scan.code[scan.at] as string;
  if (char === "\\") {
    const next = scan.code[scan.at + 1];
    const escaped = next !== undefined && escapable.includes(next);
    emit(scan, scan.at, Math.min(scan.length, scan.at + 2), escaped ? ESCAPE : key);
    scan.at += 2;
    return;
  }
  if (char === "$") {
    if (!dollar(scan, true)) {
      emit(scan, scan.at, scan.at + 1, key);
      scan.at += 1;
    }
    return;
  }
  if (char === "`") {
    emit(scan, scan.at, scan.at + 1, STRING);
    scan.at += 1;
    scan.stack.push(commandFrame("backtick", true));
    return;
  }
  let end = scan.at + 1;
  while (end < scan.length && !stops.includes(scan.code[end] as string)) end += 1;
  emit(scan, scan.at, end, key);
  scan.at = end;
}

/** Inside a double-quoted string (or a quoted command name): up to its closing quote. */
export function stringStep(scan: ShellScan, frame: StringFrame) {
  const char = scan.code[scan.at] as string;
  if (char === '"') {
    emit(scan, scan.at, scan.at + 1, frame.key);
    scan.at += 1;
    scan.stack.pop();
    return;
  }
  expandingText(scan, frame.key, '"\\$`', '"\\$`\n');
}

/** Inside `${…}` (its operators coloured) or `$((…))` (up to the `))` that closes it). */
export function expansionStep(scan: ShellScan, frame: ExpansionFrame) {
  const char = scan.code[scan.at] as string;
  if (frame.kind === "expansion") {
    if (char === "}") {
      emit(scan, scan.at, scan.at + 1, frame.quoted ? STRING : PLAIN);
      scan.at += 1;
      scan.stack.pop();
      return;
    }
    if (char === "$" && dollar(scan, frame.quoted)) return;
    // The grammar colours `${…}`'s operators (`:-`, `%%`, `#`, `[@]`) as such; `=` only outside strings.
    const operator = ":%#/^,+?-*@".includes(char) || (char === "=" && !frame.quoted);
    emit(scan, scan.at, scan.at + 1, operator ? OPERATOR : PLAIN);
    scan.at += 1;
    return;
  }
  if (char === "(") frame.depth += 1;
  else if (char === ")") {
    if (frame.depth === 0 && scan.code[scan.at + 1] === ")") {
      emit(scan, scan.at, scan.at + 2, frame.quoted ? STRING : PLAIN);
      scan.at += 2;
      scan.stack.pop();
      return;
    }
    frame.depth = Math.max(0, frame.depth - 1);
  } else if (char === "$" && dollar(scan, false)) return;
  scan.at += 1;
}

/** A here-document's body: a line at a time, up to its closing line (which ends the frame). */
export function heredocStep(scan: ShellScan, frame: HeredocFrame) {
  const lineStart = scan.at === 0 || scan.code[scan.at - 1] === "\n";
  if (lineStart) {
    const end = lineEnd(scan.code, scan.at);
    let text = scan.code.slice(scan.at, end);
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if ((frame.stripTabs ? text.replace(/^\t+/, "") : text) === frame.delimiter) {
      emit(scan, scan.at, end, STRING);
      scan.at = end;
      scan.stack.pop();
      return;
    }
  }
  const char = scan.code[scan.at] as string;
  if (!frame.expands || char === "\n") {
    const end = frame.expands ? scan.at + 1 : lineEnd(scan.code, scan.at) + 1;
    emit(scan, scan.at, Math.min(end, scan.length), STRING);
    scan.at = end;
    return;
  }
  expandingText(scan, STRING, "\n\\$`", "\\$`");
}
