// The vocabulary of the shell scanner (shell-tokens.ts): the scopes its spans stand for, the words the
// grammar singles out, which characters end a word, and the frames the scanner keeps on its stack.

/** The scope each kind of span stands for, as the grammar names it (the innermost scope last). */
export const SHELL_SCOPES = [
  "comment.line.number-sign.shell",
  "entity.name.function.call.shell entity.name.command.shell",
  "entity.name.command.shell support.function.builtin.shell",
  "keyword.control.shell",
  "storage.modifier.shell",
  "string.unquoted.argument.shell",
  "string.unquoted.argument.shell constant.other.option.shell",
  "string.unquoted.argument.shell constant.numeric.integer.shell",
  "string.unquoted.argument.shell variable.language.special.wildcard.shell",
  "string.quoted.double.shell",
  "string.quoted.double.shell constant.character.escape.shell",
  "keyword.operator.redirect.shell",
  "keyword.operator.assignment.shell",
  "variable.language.special.shell",
  "variable.parameter.positional.shell",
  "entity.name.function.shell",
  "keyword.operator.logical.shell",
  "string.unquoted.pattern.shell string.regexp.unquoted.shell",
] as const;

export const COMMENT = 0;
export const COMMAND = 1;
export const BUILTIN = 2;
export const KEYWORD = 3;
export const MODIFIER = 4;
export const ARGUMENT = 5;
export const OPTION = 6;
export const NUMBER = 7;
export const WILDCARD = 8;
export const STRING = 9;
export const ESCAPE = 10;
export const OPERATOR = 11;
export const ASSIGNMENT = 12;
export const SPECIAL_VARIABLE = 13;
export const POSITIONAL = 14;
export const FUNCTION_NAME = 15;
export const LOGICAL = 16;
export const PATTERN = 17;
/** No colour of its own: the text shows the default colour. */
export const PLAIN = -1;

/** The grammar's list of built-ins (its `support.function.builtin.shell`). */
export const BUILTINS: ReadonlySet<string> = new Set(
  (
    "unfunction continue autoload unsetopt bindkey builtin getopts command declare unalias history unlimit " +
    "typeset suspend source printf unhash disown ulimit return which alias break false print shift times " +
    "umask unset read type exec eval wait echo dirs jobs kill hash stat exit test trap true let set pwd cd " +
    "fg bg fc . :"
  ).split(" "),
);

/** Words that are keywords where a command could start. */
export const KEYWORDS: ReadonlySet<string> = new Set(
  "if then else elif fi for in do done while until case esac select continue return break time function".split(
    " ",
  ),
);

/** Words that declare: the grammar's `storage.modifier`. */
export const MODIFIERS: ReadonlySet<string> = new Set(["export", "declare", "typeset", "local", "readonly"]);

/** Characters that end an unquoted word. */
export const isWordEnd = (char: string | undefined): boolean =>
  char === undefined ||
  char === " " ||
  char === "\t" ||
  char === "\n" ||
  char === "\r" ||
  ";&|()<>".includes(char);

export const isNameStart = (char: string | undefined): boolean =>
  char !== undefined && /[A-Za-z_]/.test(char);
export const isNameChar = (char: string | undefined): boolean => char !== undefined && /[\w]/.test(char);
export const isDigit = (char: string | undefined): boolean =>
  char !== undefined && char >= "0" && char <= "9";

/** What a command-like frame expects next. */
export type Expect =
  | "command"
  | "arguments"
  | "for-name"
  | "for-in"
  | "declarations"
  | "function-name"
  | "case-word"
  | "case-in"
  | "case-pattern";

export interface CommandFrame {
  kind: "top" | "subshell" | "backtick" | "group";
  /** Whether it sits inside a double-quoted string (its `$(` and `)` then show the string's colour). */
  quoted: boolean;
  expect: Expect;
  /** Inside `[ … ]` or `[[ … ]]`: tests, whose operators are keywords. */
  test: boolean;
  /** `case` statements open here: `;;` then leads to the next pattern. */
  cases: number;
  /** The colour of a word a nested frame interrupted (`"$dir"/x`, `$(pwd)/x`): its rest goes on in it. */
  resume: number | undefined;
}

export interface StringFrame {
  kind: "string";
  /** Its colour: a string's, or a command name's for a quoted one (`"$EDITOR" file`). */
  key: number;
}

export interface ExpansionFrame {
  /** `${…}`, or `$((…))` (arithmetic), which end at their own closer. */
  kind: "expansion" | "arithmetic";
  /** Open parentheses within the arithmetic. */
  depth: number;
  /** Inside a double-quoted string or an expanding here-document, where the grammar colours its parts. */
  quoted: boolean;
}

/** A here-document's body, from the line after its command to its closing line. */
export interface HeredocFrame {
  kind: "heredoc";
  delimiter: string;
  /** `<<-`: the closing line may be indented with tabs. */
  stripTabs: boolean;
  /** An unquoted delimiter: `$x`, `${…}`, `$(…)` and backticks in the body are expanded. */
  expands: boolean;
}

export type Frame = CommandFrame | StringFrame | ExpansionFrame | HeredocFrame;

export const commandFrame = (kind: CommandFrame["kind"], quoted: boolean): CommandFrame => ({
  kind,
  quoted,
  expect: "command",
  test: false,
  cases: 0,
  resume: undefined,
});
