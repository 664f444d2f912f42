import type { ThemedToken } from "shiki/core";
import {
  ARGUMENT,
  ASSIGNMENT,
  BUILTIN,
  BUILTINS,
  COMMAND,
  COMMENT,
  type CommandFrame,
  commandFrame,
  ESCAPE,
  type ExpansionFrame,
  type Frame,
  FUNCTION_NAME,
  type HeredocFrame,
  isDigit,
  isNameChar,
  isNameStart,
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
  POSITIONAL,
  SHELL_SCOPES,
  SPECIAL_VARIABLE,
  STRING,
  type StringFrame,
  WILDCARD,
} from "./shell-syntax.js";
import { type Span, spansToTokens, stylesOfScopes } from "./styled-spans.js";

/**
 * Shell, highlighted by a scanner of our own instead of shiki's TextMate grammar. Why: a Pi session's
 * commands are shell (every `bash` tool call), hundreds of short blocks, and the grammar (70 rules, the
 * "better shell syntax" one) tokenizes them at ~3 ms per 1,000 characters cold and 1.5 warm: on the 20 MB
 * bench session, 685 commands took 0.34 s of the report thread, the largest share of its highlighting.
 * This scanner does them in ~25 ms, cold. (HTML of that session: 1,770 -> 1,695 ms, side by side.)
 *
 * Colours come from the same theme through the same rules: each construct stands for the scope the grammar
 * gives it (`SHELL_SCOPES`), and the theme's matcher picks the colour. What it tells apart is what the
 * grammar's colours show: command names (built-ins apart), options, arguments, numbers, strings and their
 * escapes, comments, keywords, pipes and redirections, here-documents, assignments and substitutions.
 * `npm run highlight:agreement` counts how often the two agree on real commands and scripts: 99.7% of
 * the characters. Where they differ, it is mostly the grammar astray (a line that starts with `[` or `{`,
 * three backquotes in a string, `while read` taken for an argument).
 *
 * One pass, no backtracking, an explicit stack for nesting (`$(…)`, backticks, quotes, groups): any text
 * scans in time linear in its length, whatever it holds.
 */

/** The spans of `code` as shell, in order and not overlapping. */
export function shellSpans(code: string): Span[] {
  const spans: Span[] = [];
  const emit = (from: number, to: number, key: number) => {
    if (to <= from || key === PLAIN) return;
    const last = spans[spans.length - 1];
    // Runs of one kind are one span: fewer, longer tokens, the same colours.
    if (last !== undefined && last.key === key && last.to === from) last.to = to;
    else spans.push({ from, to, key });
  };
  const length = code.length;
  const stack: Frame[] = [commandFrame("top", false)];
  /** Here-documents announced on the current line: their bodies start on the next. */
  const pending: HeredocFrame[] = [];
  let at = 0;

  /** `$…` at `at`: a variable, `${…}`, `$(…)` or `$((…))`; returns whether it read one. */
  const dollar = (quoted: boolean): boolean => {
    const next = code[at + 1];
    if (next === "(" && code[at + 2] === "(") {
      emit(at, at + 3, quoted ? STRING : PLAIN);
      at += 3;
      stack.push({ kind: "arithmetic", depth: 0, quoted });
      return true;
    }
    if (next === "(") {
      emit(at, at + 2, quoted ? STRING : PLAIN);
      at += 2;
      stack.push(commandFrame("subshell", quoted));
      return true;
    }
    if (next === "{") {
      emit(at, at + 2, quoted ? STRING : PLAIN);
      at += 2;
      stack.push({ kind: "expansion", depth: 0, quoted });
      return true;
    }
    if (isNameStart(next)) {
      let end = at + 2;
      while (isNameChar(code[end])) end += 1;
      at = end;
      return true;
    }
    // Positional parameters show as such outside strings; inside, the grammar colours them as constants.
    if (isDigit(next)) {
      emit(at, at + 2, quoted ? SPECIAL_VARIABLE : POSITIONAL);
      at += 2;
      return true;
    }
    if (next !== undefined && "@*#?$!-_".includes(next)) {
      emit(at, at + 2, (next === "@" || next === "*") && !quoted ? POSITIONAL : SPECIAL_VARIABLE);
      at += 2;
      return true;
    }
    return false;
  };

  /**
   * One word of a command from `at`, `key` its colour where it is plain text: quotes, escapes, variables
   * and substitutions inside it are read as such. A quote or substitution pushes a frame and ends this
   * call; the frame's owner is told to `resume` the word in the same colour once the frame closes.
   */
  const word = (key: number) => {
    const owner = stack[stack.length - 1];
    const interrupted = () => {
      if (owner !== undefined && "expect" in owner) owner.resume = key;
    };
    while (at < length && !isWordEnd(code[at])) {
      const char = code[at] as string;
      if (char === "'") {
        const close = code.indexOf("'", at + 1);
        const end = close === -1 ? length : close + 1;
        emit(at, end, key === COMMAND ? COMMAND : STRING);
        at = end;
      } else if (char === '"') {
        emit(at, at + 1, key === COMMAND ? COMMAND : STRING);
        at += 1;
        stack.push({ kind: "string", key: key === COMMAND ? COMMAND : STRING });
        interrupted();
        return;
      } else if (char === "`") {
        // Inside backticks, one ends them (the command frame closes it).
        if (stack[stack.length - 1]?.kind === "backtick") return;
        emit(at, at + 1, STRING);
        at += 1;
        stack.push(commandFrame("backtick", true));
        interrupted();
        return;
      } else if (char === "\\") {
        emit(at, Math.min(length, at + 2), ESCAPE);
        at += 2;
      } else if (char === "$") {
        const depth = stack.length;
        if (!dollar(false)) {
          emit(at, at + 1, key);
          at += 1;
        } else if (stack.length > depth) {
          interrupted();
          return;
        }
      } else if (char === "*" && (key === ARGUMENT || key === PLAIN)) {
        // A glob: in a test (`[[ $a == b* ]]`) the grammar takes it for an operator.
        emit(at, at + 1, key === PLAIN ? OPERATOR : WILDCARD);
        at += 1;
      } else {
        let end = at + 1;
        while (end < length && !isWordEnd(code[end]) && !"'\"`\\$*".includes(code[end] as string)) end += 1;
        emit(at, end, key);
        at = end;
      }
    }
  };

  /** The text of the unquoted word at `at` (up to a quote, substitution or the word's end). */
  const bareWordEnd = (from: number): number => {
    let end = from;
    while (end < length && !isWordEnd(code[end]) && !"'\"`\\$".includes(code[end] as string)) end += 1;
    return end;
  };

  const commandStep = (frame: CommandFrame) => {
    const char = code[at] as string;
    const resume = frame.resume;
    if (resume !== undefined) {
      frame.resume = undefined;
      if (!isWordEnd(char)) {
        word(resume);
        return;
      }
    }
    if (char === " " || char === "\t" || char === "\r") {
      at += 1;
      return;
    }
    if (char === "\n") {
      at += 1;
      // Here-document bodies follow, the first announced first (so on top).
      for (let index = pending.length - 1; index >= 0; index -= 1) stack.push(pending[index] as HeredocFrame);
      pending.length = 0;
      frame.test = false;
      if (frame.expect !== "case-pattern" && frame.expect !== "case-in") frame.expect = "command";
      return;
    }
    if (char === "\\" && code[at + 1] === "\n") {
      emit(at, at + 1, ESCAPE);
      at += 2;
      return;
    }
    if (char === "#" && (at === 0 || /[\s;&|(]/.test(code[at - 1] as string))) {
      const end = lineEnd(code, at);
      emit(at, end, COMMENT);
      at = end;
      return;
    }
    if (char === ")") {
      if (frame.expect === "case-pattern") {
        emit(at, at + 1, OPERATOR);
        at += 1;
        frame.expect = "command";
        return;
      }
      if (frame.kind === "subshell" || frame.kind === "group") {
        emit(at, at + 1, frame.quoted ? STRING : PLAIN);
        stack.pop();
      }
      at += 1;
      return;
    }
    if (char === "`" && frame.kind === "backtick") {
      emit(at, at + 1, STRING);
      at += 1;
      stack.pop();
      return;
    }
    if (char === "(") {
      at += 1;
      if (frame.expect === "case-pattern") return;
      if (code[at] === "(") {
        at += 1;
        stack.push({ kind: "arithmetic", depth: 0, quoted: false });
      } else stack.push(commandFrame("group", false));
      return;
    }
    if (frame.expect === "case-pattern") {
      casePattern(frame);
      return;
    }
    if (char === "|" || char === "&" || char === ";") {
      const two = code.slice(at, at + 2);
      if (two === "||") {
        // The grammar colours `||` as an operator and leaves `&&` plain.
        emit(at, at + 2, OPERATOR);
        at += 2;
      } else if (two === ";;" || two === ";&") {
        at += code[at + 2] === "&" ? 3 : 2;
        if (frame.cases > 0) {
          frame.expect = "case-pattern";
          return;
        }
      } else if (two === "&&") at += 2;
      else if (char === "|") {
        emit(at, at + (two === "|&" ? 2 : 1), OPERATOR);
        at += two === "|&" ? 2 : 1;
      } else if (two === "&>") {
        emit(at, at + 2, OPERATOR);
        at += 2;
        frame.expect = frame.expect === "command" ? "command" : "arguments";
        return;
      } else at += 1;
      frame.expect = "command";
      frame.test = false;
      return;
    }
    if (char === "<" || char === ">" || (isDigit(char) && /^\d+[<>]/.test(code.slice(at, at + 4)))) {
      redirection();
      return;
    }
    // A word.
    const expect = frame.expect;
    if (expect === "command") {
      commandWord(frame);
      return;
    }
    if (expect === "case-word") {
      argument(frame);
      frame.expect = "case-in";
      return;
    }
    if (expect === "case-in") {
      const end = bareWordEnd(at);
      if (code.slice(at, end) === "in" && isWordEnd(code[end])) {
        emit(at, end, KEYWORD);
        at = end;
        frame.expect = "case-pattern";
        return;
      }
      frame.expect = "arguments";
    }
    if (expect === "for-name") {
      at = bareWordEnd(at);
      frame.expect = "for-in";
      return;
    }
    if (expect === "for-in") {
      frame.expect = "arguments";
      const end = bareWordEnd(at);
      if (code.slice(at, end) === "in" && isWordEnd(code[end])) {
        emit(at, end, KEYWORD);
        at = end;
        return;
      }
    }
    if (expect === "function-name") {
      const end = bareWordEnd(at);
      emit(at, end, FUNCTION_NAME);
      at = end;
      frame.expect = "command";
      return;
    }
    if (expect === "declarations") {
      // `export NAME=value`: the grammar leaves names and unquoted values plain, numbers and strings not.
      if (!assignment(PLAIN)) declaredValue();
      return;
    }
    argument(frame);
  };

  /** A redirection operator at `at`, and a here-document's delimiter after `<<`. */
  const redirection = () => {
    const match = /^(\d*)(<<<|<<-|<<|&>>|&>|>>|>&|<&|<>|>\||>|<)(-|\d+)?/.exec(code.slice(at, at + 8));
    if (match === null) {
      at += 1;
      return;
    }
    const operator = match[2] as string;
    if (operator === "<<" || operator === "<<-") {
      emit(at, at + (match[1] as string).length + operator.length, OPERATOR);
      at += (match[1] as string).length + operator.length;
      while (code[at] === " " || code[at] === "\t") at += 1;
      // The delimiter: a word, any part of it quoted (`'EOF'`, `"EOF"`, `\EOF`), which stops expansion.
      const start = at;
      let delimiter = "";
      let quoted = false;
      while (at < length && !isWordEnd(code[at])) {
        const char = code[at] as string;
        if (char === "'" || char === '"') {
          const close = code.indexOf(char, at + 1);
          const closed = close !== -1 && close < lineEnd(code, at);
          delimiter += code.slice(at + 1, closed ? close : lineEnd(code, at));
          at = closed ? close + 1 : lineEnd(code, at);
          quoted = true;
        } else if (char === "\\") {
          delimiter += code[at + 1] ?? "";
          at += 2;
          quoted = true;
        } else {
          delimiter += char;
          at += 1;
        }
      }
      at = Math.min(at, length);
      emit(start, at, STRING);
      if (delimiter !== "") {
        pending.push({ kind: "heredoc", delimiter, stripTabs: operator === "<<-", expands: !quoted });
      }
      return;
    }
    emit(at, at + match[0].length, OPERATOR);
    at += match[0].length;
  };

  /** A declared name or value: plain, but for numbers and what `word` reads apart (strings, substitutions). */
  const declaredValue = () => {
    const end = bareWordEnd(at);
    if (/^-?\d+(?:\.\d+)*$/.test(code.slice(at, end)) && isWordEnd(code[end])) {
      emit(at, end, NUMBER);
      at = end;
    } else word(PLAIN);
  };

  /**
   * `NAME=value` (or `NAME+=`, `NAME[i]=`) at `at`, its unquoted value in colour `valueKey`; returns whether
   * it read one.
   */
  const assignment = (valueKey: number = ARGUMENT): boolean => {
    const match = /^[A-Za-z_]\w*(?:\[[^\]\n]*\])?\+?=/.exec(code.slice(at, at + 200));
    if (match === null) return false;
    const equals = at + match[0].length - 1 - (match[0].endsWith("+=") ? 1 : 0);
    emit(equals, at + match[0].length, ASSIGNMENT);
    at += match[0].length;
    if (code[at] === "(") {
      // An array: its items are arguments, up to the closing parenthesis.
      at += 1;
      while (at < length && code[at] !== ")") {
        if (code[at] === " " || code[at] === "\t" || code[at] === "\n") at += 1;
        else {
          const before = at;
          const depth = stack.length;
          word(valueKey);
          if (stack.length > depth) return true;
          if (at === before) at += 1;
        }
      }
      at += 1;
      return true;
    }
    if (valueKey === PLAIN) declaredValue();
    else word(valueKey);
    return true;
  };

  /** The first word of a command: a keyword, an assignment, a function's definition or the command's name. */
  const commandWord = (frame: CommandFrame) => {
    if (assignment()) return;
    if (code[at] === "{" && !isWordEnd(code[at + 1])) {
      // `{a,b}` or `{dir}/x` where a command would start: the grammar leaves the rest of the line plain.
      at = lineEnd(code, at);
      return;
    }
    const end = bareWordEnd(at);
    const text = code.slice(at, end);
    if (text === "[[" || text === "[") {
      at = end;
      frame.expect = "arguments";
      frame.test = true;
      return;
    }
    if (text === "{" || text === "}" || text === "!") {
      if (text === "!") emit(at, end, OPERATOR);
      at = end;
      return;
    }
    if (KEYWORDS.has(text) && isWordEnd(code[end])) {
      emit(at, end, KEYWORD);
      at = end;
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
    if (MODIFIERS.has(text) && isWordEnd(code[end])) {
      emit(at, end, MODIFIER);
      at = end;
      frame.expect = "declarations";
      return;
    }
    if (text !== "" && /^\s*\(\s*\)/.test(code.slice(end, end + 20))) {
      emit(at, end, FUNCTION_NAME);
      at = end;
      const close = code.indexOf(")", at);
      at = close + 1;
      frame.expect = "command";
      return;
    }
    frame.expect = "arguments";
    // As the grammar has it: a built-in's name is not followed by `/`, `-` or a word character.
    const key = BUILTINS.has(text) && !/[\w/-]/.test(code[end] ?? " ") ? BUILTIN : COMMAND;
    word(key);
  };

  /** A `case` pattern up to its `)`: alternatives apart by `|`; or `esac`, which ends the statement. */
  const casePattern = (frame: CommandFrame) => {
    const end = bareWordEnd(at);
    if (code.slice(at, end) === "esac" && isWordEnd(code[end])) {
      emit(at, end, KEYWORD);
      at = end;
      frame.cases = Math.max(0, frame.cases - 1);
      frame.expect = "command";
      return;
    }
    if (code[at] === "|") {
      emit(at, at + 1, OPERATOR);
      at += 1;
      return;
    }
    if (code[at] === "*" || code[at] === "?") {
      // The grammar colours a pattern's globs as operators.
      emit(at, at + 1, OPERATOR);
      at += 1;
      return;
    }
    let stop = at;
    while (stop < end && code[stop] !== "*" && code[stop] !== "?") stop += 1;
    if (stop > at) {
      emit(at, stop, PATTERN);
      at = stop;
    } else word(PATTERN);
  };

  /** An argument: an option, a number, a test's operator, or text. */
  const argument = (frame: CommandFrame) => {
    const char = code[at];
    const end = bareWordEnd(at);
    const text = code.slice(at, end);
    if (frame.test && (text === "]]" || text === "]")) {
      at = end;
      frame.test = false;
      return;
    }
    if (frame.test && /^(?:=[=~]?|!=?|-(?:nt|ot|ef|eq|ne|l[et]|g[et]|[GLNOSa-hknopr-uwxz]))$/.test(text)) {
      emit(at, end, LOGICAL);
      at = end;
      return;
    }
    if (frame.test) {
      if (/^\d+$/.test(text) && isWordEnd(code[end])) {
        emit(at, end, NUMBER);
        at = end;
      } else word(PLAIN);
      return;
    }
    if (char === "-" && /[\s]/.test(code[at - 1] ?? " ") && !isWordEnd(code[at + 1])) {
      word(OPTION);
      return;
    }
    if (/^-?\d+(?:\.\d+)*$/.test(text) && isWordEnd(code[end])) {
      emit(at, end, NUMBER);
      at = end;
      return;
    }
    word(ARGUMENT);
  };

  /**
   * In double quotes or an expanding here-document: a substitution or variable, a backtick, or a run of
   * text in colour `key` up to the next of `stops`.
   */
  const expandingText = (key: number, stops: string) => {
    const char = code[at] as string;
    if (char === "$") {
      if (!dollar(true)) {
        emit(at, at + 1, key);
        at += 1;
      }
      return;
    }
    if (char === "`") {
      emit(at, at + 1, STRING);
      at += 1;
      stack.push(commandFrame("backtick", true));
      return;
    }
    let end = at + 1;
    while (end < length && !stops.includes(code[end] as string)) end += 1;
    emit(at, end, key);
    at = end;
  };

  const stringStep = (frame: StringFrame) => {
    const char = code[at] as string;
    if (char === '"') {
      emit(at, at + 1, frame.key);
      at += 1;
      stack.pop();
      return;
    }
    if (char === "\\") {
      const next = code[at + 1];
      emit(at, Math.min(length, at + 2), next !== undefined && '"\\$`\n'.includes(next) ? ESCAPE : frame.key);
      at += 2;
      return;
    }
    expandingText(frame.key, '"\\$`');
  };

  const expansionStep = (frame: ExpansionFrame) => {
    const char = code[at] as string;
    if (frame.kind === "expansion") {
      if (char === "}") {
        emit(at, at + 1, frame.quoted ? STRING : PLAIN);
        at += 1;
        stack.pop();
        return;
      }
      if (char === "$" && dollar(frame.quoted)) return;
      // The grammar colours `${…}`'s operators (`:-`, `%%`, `#`, `[@]`) as such; `=` only outside strings.
      const operator = ":%#/^,+?-*@".includes(char) || (char === "=" && !frame.quoted);
      emit(at, at + 1, operator ? OPERATOR : PLAIN);
      at += 1;
      return;
    }
    if (char === "(") frame.depth += 1;
    else if (char === ")") {
      if (frame.depth === 0 && code[at + 1] === ")") {
        emit(at, at + 2, frame.quoted ? STRING : PLAIN);
        at += 2;
        stack.pop();
        return;
      }
      frame.depth = Math.max(0, frame.depth - 1);
    } else if (char === "$" && dollar(false)) return;
    at += 1;
  };

  /** A here-document's body: a line at a time, up to its closing line (which ends the frame). */
  const heredocStep = (frame: HeredocFrame) => {
    const lineStart = at === 0 || code[at - 1] === "\n";
    if (lineStart) {
      const end = lineEnd(code, at);
      let text = code.slice(at, end);
      if (text.endsWith("\r")) text = text.slice(0, -1);
      if ((frame.stripTabs ? text.replace(/^\t+/, "") : text) === frame.delimiter) {
        emit(at, end, STRING);
        at = end;
        stack.pop();
        return;
      }
    }
    const char = code[at] as string;
    if (!frame.expands || char === "\n") {
      const end = frame.expands ? at + 1 : lineEnd(code, at) + 1;
      emit(at, Math.min(end, length), STRING);
      at = end;
      return;
    }
    if (char === "\\") {
      const next = code[at + 1];
      emit(at, Math.min(length, at + 2), next !== undefined && "\\$`".includes(next) ? ESCAPE : STRING);
      at += next === "\n" ? 1 : 2;
      return;
    }
    expandingText(STRING, "\n\\$`");
  };

  while (at < length) {
    const frame = stack[stack.length - 1] as Frame;
    const before = at;
    if (frame.kind === "string") stringStep(frame);
    else if (frame.kind === "heredoc") heredocStep(frame);
    else if ("expect" in frame) commandStep(frame);
    else expansionStep(frame);
    // Every step consumes at least one character: no input can stall the scan.
    if (at <= before) at = before + 1;
  }
  return spans;
}

/** Where the line that `from` is on ends (its `\n`, or the end of the text). */
function lineEnd(code: string, from: number): number {
  const end = code.indexOf("\n", from);
  return end === -1 ? code.length : end;
}

let styles: ReturnType<typeof stylesOfScopes> | undefined;

/** Tokens of `code` as shell, line by line as shiki gives them (see `spansToTokens`). */
export function shellTokens(code: string): ThemedToken[][] {
  styles ??= stylesOfScopes("source.shell", SHELL_SCOPES);
  return spansToTokens(code, shellSpans(code), styles);
}
