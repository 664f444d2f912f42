import { emit, lineEnd, type ShellScan } from "./shell-scan.js";
import {
  ARGUMENT,
  BUILTIN,
  BUILTINS,
  COMMAND,
  COMMENT,
  type CommandFrame,
  commandFrame,
  ESCAPE,
  FUNCTION_NAME,
  type HeredocFrame,
  isDigit,
  isWordEnd,
  KEYWORD,
  KEYWORDS,
  LOGICAL,
  MODIFIER,
  MODIFIERS,
  NUMBER,
  OPERATOR,
  OPTION,
  PATTERN,
  PLAIN,
  STRING,
} from "./shell-syntax.js";
import { assignment, bareWordEnd, declaredValue, redirection, word } from "./shell-words.js";

// The shell scanner (shell-tokens.ts) at the level of commands: what a character means where a command,
// its arguments, a `case` pattern or a test is expected.

/**
 * At the top level or in a substitution, group or backticks: white space, line ends (and the bodies of
 * here-documents announced on the line), comments, operators, redirections, and words, read as what the
 * frame expects next.
 */
export function commandStep(scan: ShellScan, frame: CommandFrame) {
  const char = scan.code[scan.at] as string;
  const resume = frame.resume;
  if (resume !== undefined) {
    frame.resume = undefined;
    if (!isWordEnd(char)) {
      word(scan, resume);
      return;
    }
  }
  if (char === " " || char === "\t" || char === "\r") {
    scan.at += 1;
    return;
  }
  if (char === "\n") {
    scan.at += 1;
    // Here-document bodies follow, the first announced first (so on top).
    for (let index = scan.pending.length - 1; index >= 0; index -= 1)
      scan.stack.push(scan.pending[index] as HeredocFrame);
    scan.pending.length = 0;
    frame.test = false;
    if (frame.expect !== "case-pattern" && frame.expect !== "case-in") frame.expect = "command";
    return;
  }
  if (char === "\\" && scan.code[scan.at + 1] === "\n") {
    emit(scan, scan.at, scan.at + 1, ESCAPE);
    scan.at += 2;
    return;
  }
  if (char === "#" && (scan.at === 0 || /[\s;&|(]/.test(scan.code[scan.at - 1] as string))) {
    const end = lineEnd(scan.code, scan.at);
    emit(scan, scan.at, end, COMMENT);
    scan.at = end;
    return;
  }
  if (char === ")") {
    if (frame.expect === "case-pattern") {
      emit(scan, scan.at, scan.at + 1, OPERATOR);
      scan.at += 1;
      frame.expect = "command";
      return;
    }
    if (frame.kind === "subshell" || frame.kind === "group") {
      emit(scan, scan.at, scan.at + 1, frame.quoted ? STRING : PLAIN);
      scan.stack.pop();
    }
    scan.at += 1;
    return;
  }
  if (char === "`" && frame.kind === "backtick") {
    emit(scan, scan.at, scan.at + 1, STRING);
    scan.at += 1;
    scan.stack.pop();
    return;
  }
  if (char === "(") {
    scan.at += 1;
    if (frame.expect === "case-pattern") return;
    if (scan.code[scan.at] === "(") {
      scan.at += 1;
      scan.stack.push({ kind: "arithmetic", depth: 0, quoted: false });
    } else scan.stack.push(commandFrame("group", false));
    return;
  }
  if (frame.expect === "case-pattern") {
    casePattern(scan, frame);
    return;
  }
  if (char === "|" || char === "&" || char === ";") {
    const two = scan.code.slice(scan.at, scan.at + 2);
    if (two === "||") {
      // The grammar colours `||` as an operator and leaves `&&` plain.
      emit(scan, scan.at, scan.at + 2, OPERATOR);
      scan.at += 2;
    } else if (two === ";;" || two === ";&") {
      scan.at += scan.code[scan.at + 2] === "&" ? 3 : 2;
      if (frame.cases > 0) {
        frame.expect = "case-pattern";
        return;
      }
    } else if (two === "&&") scan.at += 2;
    else if (char === "|") {
      emit(scan, scan.at, scan.at + (two === "|&" ? 2 : 1), OPERATOR);
      scan.at += two === "|&" ? 2 : 1;
    } else if (two === "&>") {
      emit(scan, scan.at, scan.at + 2, OPERATOR);
      scan.at += 2;
      frame.expect = frame.expect === "command" ? "command" : "arguments";
      return;
    } else scan.at += 1;
    frame.expect = "command";
    frame.test = false;
    return;
  }
  if (
    char === "<" ||
    char === ">" ||
    (isDigit(char) && /^\d+[<>]/.test(scan.code.slice(scan.at, scan.at + 4)))
  ) {
    redirection(scan);
    return;
  }
  // A word.
  const expect = frame.expect;
  if (expect === "command") {
    commandWord(scan, frame);
    return;
  }
  if (expect === "case-word") {
    argument(scan, frame);
    frame.expect = "case-in";
    return;
  }
  if (expect === "case-in") {
    const end = bareWordEnd(scan, scan.at);
    if (scan.code.slice(scan.at, end) === "in" && isWordEnd(scan.code[end])) {
      emit(scan, scan.at, end, KEYWORD);
      scan.at = end;
      frame.expect = "case-pattern";
      return;
    }
    frame.expect = "arguments";
  }
  if (expect === "for-name") {
    scan.at = bareWordEnd(scan, scan.at);
    frame.expect = "for-in";
    return;
  }
  if (expect === "for-in") {
    frame.expect = "arguments";
    const end = bareWordEnd(scan, scan.at);
    if (scan.code.slice(scan.at, end) === "in" && isWordEnd(scan.code[end])) {
      emit(scan, scan.at, end, KEYWORD);
      scan.at = end;
      return;
    }
  }
  if (expect === "function-name") {
    const end = bareWordEnd(scan, scan.at);
    emit(scan, scan.at, end, FUNCTION_NAME);
    scan.at = end;
    frame.expect = "command";
    return;
  }
  if (expect === "declarations") {
    // `export NAME=value`: the grammar leaves names and unquoted values plain, numbers and strings not.
    if (!assignment(scan, PLAIN)) declaredValue(scan);
    return;
  }
  argument(scan, frame);
}

/** The first word of a command: a keyword, an assignment, a function's definition or the command's name. */
export function commandWord(scan: ShellScan, frame: CommandFrame) {
  if (assignment(scan)) return;
  if (scan.code[scan.at] === "{" && !isWordEnd(scan.code[scan.at + 1])) {
    // `{a,b}` or `{dir}/x` where a command would start: the grammar leaves the rest of the line plain.
    scan.at = lineEnd(scan.code, scan.at);
    return;
  }
  const end = bareWordEnd(scan, scan.at);
  const text = scan.code.slice(scan.at, end);
  if (text === "[[" || text === "[") {
    scan.at = end;
    frame.expect = "arguments";
    frame.test = true;
    return;
  }
  if (text === "{" || text === "}" || text === "!") {
    if (text === "!") emit(scan, scan.at, end, OPERATOR);
    scan.at = end;
    return;
  }
  if (KEYWORDS.has(text) && isWordEnd(scan.code[end])) {
    emit(scan, scan.at, end, KEYWORD);
    scan.at = end;
    frame.expect =
      text === "for" || text === "select" ? "for-name" : text === "function" ? "function-name" : "command";
    if (text === "case") {
      frame.cases += 1;
      frame.expect = "case-word";
    }
    if (text === "esac") frame.cases = Math.max(0, frame.cases - 1);
    if (text === "return" || text === "continue" || text === "break") frame.expect = "arguments";
    return;
  }
  if (MODIFIERS.has(text) && isWordEnd(scan.code[end])) {
    emit(scan, scan.at, end, MODIFIER);
    scan.at = end;
    frame.expect = "declarations";
    return;
  }
  if (text !== "" && /^\s*\(\s*\)/.test(scan.code.slice(end, end + 20))) {
    emit(scan, scan.at, end, FUNCTION_NAME);
    scan.at = end;
    const close = scan.code.indexOf(")", scan.at);
    scan.at = close + 1;
    frame.expect = "command";
    return;
  }
  frame.expect = "arguments";
  // As the grammar has it: a built-in's name is not followed by `/`, `-` or a word character.
  const key = BUILTINS.has(text) && !/[\w/-]/.test(scan.code[end] ?? " ") ? BUILTIN : COMMAND;
  word(scan, key);
}

/** A `case` pattern up to its `)`: alternatives apart by `|`; or `esac`, which ends the statement. */
export function casePattern(scan: ShellScan, frame: CommandFrame) {
  const end = bareWordEnd(scan, scan.at);
  if (scan.code.slice(scan.at, end) === "esac" && isWordEnd(scan.code[end])) {
    emit(scan, scan.at, end, KEYWORD);
    scan.at = end;
    frame.cases = Math.max(0, frame.cases - 1);
    frame.expect = "command";
    return;
  }
  if (scan.code[scan.at] === "|") {
    emit(scan, scan.at, scan.at + 1, OPERATOR);
    scan.at += 1;
    return;
  }
  if (scan.code[scan.at] === "*" || scan.code[scan.at] === "?") {
    // The grammar colours a pattern's globs as operators.
    emit(scan, scan.at, scan.at + 1, OPERATOR);
    scan.at += 1;
    return;
  }
  let stop = scan.at;
  while (stop < end && scan.code[stop] !== "*" && scan.code[stop] !== "?") stop += 1;
  if (stop > scan.at) {
    emit(scan, scan.at, stop, PATTERN);
    scan.at = stop;
  } else word(scan, PATTERN);
}

/** An argument: an option, a number, a test's operator, or text. */
export function argument(scan: ShellScan, frame: CommandFrame) {
  const char = scan.code[scan.at];
  const end = bareWordEnd(scan, scan.at);
  const text = scan.code.slice(scan.at, end);
  if (frame.test && (text === "]]" || text === "]")) {
    scan.at = end;
    frame.test = false;
    return;
  }
  if (frame.test && /^(?:=[=~]?|!=?|-(?:nt|ot|ef|eq|ne|l[et]|g[et]|[GLNOSa-hknopr-uwxz]))$/.test(text)) {
    emit(scan, scan.at, end, LOGICAL);
    scan.at = end;
    return;
  }
  if (frame.test) {
    if (/^\d+$/.test(text) && isWordEnd(scan.code[end])) {
      emit(scan, scan.at, end, NUMBER);
      scan.at = end;
    } else word(scan, PLAIN);
    return;
  }
  if (char === "-" && /[\s]/.test(scan.code[scan.at - 1] ?? " ") && !isWordEnd(scan.code[scan.at + 1])) {
    word(scan, OPTION);
    return;
  }
  if (/^-?\d+(?:\.\d+)*$/.test(text) && isWordEnd(scan.code[end])) {
    emit(scan, scan.at, end, NUMBER);
    scan.at = end;
    return;
  }
  word(scan, ARGUMENT);
}
