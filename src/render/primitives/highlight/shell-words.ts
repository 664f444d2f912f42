import { dollar } from "./shell-quoting.js";
import { emit, lineEnd, type ShellScan } from "./shell-scan.js";
import {
  ARGUMENT,
  ASSIGNMENT,
  COMMAND,
  commandFrame,
  ESCAPE,
  isWordEnd,
  NUMBER,
  OPERATOR,
  PLAIN,
  STRING,
  WILDCARD,
} from "./shell-syntax.js";

// The shell scanner (shell-tokens.ts) at the level of words: one word with what it holds, assignments,
// declared values, and redirections (with a here-document's delimiter).

/**
 * One word of a command from `at`, `key` its colour where it is plain text: quotes, escapes, variables
 * and substitutions inside it are read as such. A quote or substitution pushes a frame and ends this
 * call; the frame's owner is told to `resume` the word in the same colour once the frame closes.
 */
export function word(scan: ShellScan, key: number) {
  const owner = scan.stack[scan.stack.length - 1];
  const interrupted = () => {
    if (owner !== undefined && "expect" in owner) owner.resume = key;
  };
  while (scan.at < scan.length && !isWordEnd(scan.code[scan.at])) {
    const char = scan.code[scan.at] as string;
    if (char === "'") {
      const close = scan.code.indexOf("'", scan.at + 1);
      const end = close === -1 ? scan.length : close + 1;
      emit(scan, scan.at, end, key === COMMAND ? COMMAND : STRING);
      scan.at = end;
    } else if (char === '"') {
      emit(scan, scan.at, scan.at + 1, key === COMMAND ? COMMAND : STRING);
      scan.at += 1;
      scan.stack.push({ kind: "string", key: key === COMMAND ? COMMAND : STRING });
      interrupted();
      return;
    } else if (char === "`") {
      // Inside backticks, one ends them (the command frame closes it).
      if (scan.stack[scan.stack.length - 1]?.kind === "backtick") return;
      emit(scan, scan.at, scan.at + 1, STRING);
      scan.at += 1;
      scan.stack.push(commandFrame("backtick", true));
      interrupted();
      return;
    } else if (char === "\\") {
      emit(scan, scan.at, Math.min(scan.length, scan.at + 2), ESCAPE);
      scan.at += 2;
    } else if (char === "$") {
      const depth = scan.stack.length;
      if (!dollar(scan, false)) {
        emit(scan, scan.at, scan.at + 1, key);
        scan.at += 1;
      } else if (scan.stack.length > depth) {
        interrupted();
        return;
      }
    } else if (char === "*" && (key === ARGUMENT || key === PLAIN)) {
      // A glob: in a test (`[[ $a == b* ]]`) the grammar takes it for an operator.
      emit(scan, scan.at, scan.at + 1, key === PLAIN ? OPERATOR : WILDCARD);
      scan.at += 1;
    } else {
      let end = scan.at + 1;
      while (
        end < scan.length &&
        !isWordEnd(scan.code[end]) &&
        !"'\"`\\$*".includes(scan.code[end] as string)
      )
        end += 1;
      emit(scan, scan.at, end, key);
      scan.at = end;
    }
  }
}

/** The text of the unquoted word at `at` (up to a quote, substitution or the word's end). */
export function bareWordEnd(scan: ShellScan, from: number): number {
  let end = from;
  while (end < scan.length && !isWordEnd(scan.code[end]) && !"'\"`\\$".includes(scan.code[end] as string))
    end += 1;
  return end;
}

/** A redirection operator at `at`, and a here-document's delimiter after `<<`. */
export function redirection(scan: ShellScan) {
  const match = /^(\d*)(<<<|<<-|<<|&>>|&>|>>|>&|<&|<>|>\||>|<)(-|\d+)?/.exec(
    scan.code.slice(scan.at, scan.at + 8),
  );
  if (match === null) {
    scan.at += 1;
    return;
  }
  const operator = match[2] as string;
  if (operator === "<<" || operator === "<<-") {
    emit(scan, scan.at, scan.at + (match[1] as string).length + operator.length, OPERATOR);
    scan.at += (match[1] as string).length + operator.length;
    while (scan.code[scan.at] === " " || scan.code[scan.at] === "\t") scan.at += 1;
    // The delimiter: a word, any part of it quoted (`'EOF'`, `"EOF"`, `\EOF`), which stops expansion.
    const start = scan.at;
    let delimiter = "";
    let quoted = false;
    while (scan.at < scan.length && !isWordEnd(scan.code[scan.at])) {
      const char = scan.code[scan.at] as string;
      if (char === "'" || char === '"') {
        const close = scan.code.indexOf(char, scan.at + 1);
        const closed = close !== -1 && close < lineEnd(scan.code, scan.at);
        delimiter += scan.code.slice(scan.at + 1, closed ? close : lineEnd(scan.code, scan.at));
        scan.at = closed ? close + 1 : lineEnd(scan.code, scan.at);
        quoted = true;
      } else if (char === "\\") {
        delimiter += scan.code[scan.at + 1] ?? "";
        scan.at += 2;
        quoted = true;
      } else {
        delimiter += char;
        scan.at += 1;
      }
    }
    scan.at = Math.min(scan.at, scan.length);
    emit(scan, start, scan.at, STRING);
    if (delimiter !== "") {
      scan.pending.push({ kind: "heredoc", delimiter, stripTabs: operator === "<<-", expands: !quoted });
    }
    return;
  }
  emit(scan, scan.at, scan.at + match[0].length, OPERATOR);
  scan.at += match[0].length;
}

/** A declared name or value: plain, but for numbers and what `word` reads apart (strings, substitutions). */
export function declaredValue(scan: ShellScan) {
  const end = bareWordEnd(scan, scan.at);
  if (/^-?\d+(?:\.\d+)*$/.test(scan.code.slice(scan.at, end)) && isWordEnd(scan.code[end])) {
    emit(scan, scan.at, end, NUMBER);
    scan.at = end;
  } else word(scan, PLAIN);
}

/**
 * `NAME=value` (or `NAME+=`, `NAME[i]=`) at `at`, its unquoted value in colour `valueKey`; returns whether
 * it read one.
 */
export function assignment(scan: ShellScan, valueKey: number = ARGUMENT): boolean {
  const match = /^[A-Za-z_]\w*(?:\[[^\]\n]*\])?\+?=/.exec(scan.code.slice(scan.at, scan.at + 200));
  if (match === null) return false;
  const equals = scan.at + match[0].length - 1 - (match[0].endsWith("+=") ? 1 : 0);
  emit(scan, equals, scan.at + match[0].length, ASSIGNMENT);
  scan.at += match[0].length;
  if (scan.code[scan.at] === "(") {
    // An array: its items are arguments, up to the closing parenthesis.
    scan.at += 1;
    while (scan.at < scan.length && scan.code[scan.at] !== ")") {
      if (scan.code[scan.at] === " " || scan.code[scan.at] === "\t" || scan.code[scan.at] === "\n")
        scan.at += 1;
      else {
        const before = scan.at;
        const depth = scan.stack.length;
        word(scan, valueKey);
        if (scan.stack.length > depth) return true;
        if (scan.at === before) scan.at += 1;
      }
    }
    scan.at += 1;
    return true;
  }
  if (valueKey === PLAIN) declaredValue(scan);
  else word(scan, valueKey);
  return true;
}
