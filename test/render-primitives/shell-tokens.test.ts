/**
 * Shell is highlighted by a scanner of our own (shell-tokens.ts). The yardstick is shiki's own shell
 * grammar with the same theme: on the commands of real Pi sessions the two must colour (nearly) every
 * character alike, construct by construct. The text must come through untouched, and no input may stall
 * or break it.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { clearHighlightCache, tokenizeToLines } from "../../src/render/primitives/highlight/code-to-lines.js";
import { isOwnBlock } from "../../src/render/primitives/highlight/own-highlighters.js";
import { shellSpans, shellTokens } from "../../src/render/primitives/highlight/shell-tokens.js";
import { themeClasses } from "../../src/render/primitives/highlight/theme-classes.js";
import { splitCodeLines, tokensToHtmlLines } from "../../src/render/primitives/highlight/tokens-to-html.js";
import {
  classesByChar,
  corpusToolCalls,
  grammarYardstick,
  visibleClasses,
} from "../helpers/highlight-classes.js";

let viaGrammar: (code: string) => string[];
beforeAll(async () => {
  viaGrammar = await grammarYardstick("shellscript", import("shiki/langs/shellscript.mjs"));
});

const viaScanner = (code: string) => visibleClasses(code, shellTokens(code));

/** Every bash command the real sessions of the corpus ran, each once. */
function corpusCommands(): string[] {
  const commands = corpusToolCalls().flatMap((call) => {
    const command =
      call.name === "bash" ? (call.arguments as { command?: unknown } | null)?.command : undefined;
    return typeof command === "string" ? [command] : [];
  });
  return [...new Set(commands)];
}

describe("shell highlighting by our own scanner", () => {
  it("is what shell blocks get, whatever their lines", () => {
    expect(isOwnBlock("ls -la", "shellscript")).toBe(true);
    expect(isOwnBlock(`echo ${"x".repeat(20_000)}`, "shellscript")).toBe(true);
    expect(isOwnBlock("print(1)", "python")).toBe(false);
  });

  // Each construct, coloured as the grammar colours it (checked here against the grammar itself).
  const constructs: [string, string][] = [
    ["a command, its options, arguments and numbers", "git log --oneline -n 20 src/ | head -5"],
    ["built-ins apart from commands", "cd /tmp && echo done; pwd; source ~/.profile; : ok"],
    ["strings, escapes and variables", `echo "a \\"b\\" $HOME \${A:-x} $1 $*" 'single $x' \\$x`],
    ["substitutions, in strings and out", 'x=$(ls -la | wc -l); echo "now: $(date +%s)" `pwd`'],
    ["assignments, exported and local", 'A=b c d\nexport PATH="$HOME/bin:$PATH" N=2\nlocal x=1 y'],
    ["pipes, redirections and ||", "make 2>&1 >/dev/null | tee log.txt || exit 1\ncat < in > out 2> err"],
    ["comments", "# a comment\nls # after a command\necho a#b"],
    ["a quoted here-document", "git commit -F - <<'EOF'\nfix: $not_expanded `nor this`\nEOF\necho after"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell here-document, not a template
    ["an expanding here-document", "cat <<EOF\nusage: $me ${x} $(pwd) `id`\nEOF\nls"],
    [
      "loops and conditions",
      'for f in a b; do echo "$f"; done\nwhile read a b; do :; done\nif [ -f x ]; then rm x; fi',
    ],
    ["a case statement", 'case "$opt" in\n  -a|--all)\n    x=1 ;;\n  auto) echo hi ;;\n  *) ;;\nesac'],
    ["tests", "[[ $a == b* ]] && echo yes; [ -t 1 ] || exit 2"],
    ["a quoted command name", '"$EDITOR" file.txt; "cmd_$a" "$@"'],
    ["functions", "f() { echo hi; }\nreturn 0"],
    ["a word a substitution interrupts", 'TEST_DIR="$CUR"/../t; x=$(git rev-parse --show-toplevel)/a.h'],
  ];
  for (const [what, code] of constructs) {
    it(`colours ${what} as the grammar does`, () => {
      expect(viaScanner(code)).toEqual(viaGrammar(code));
    });
  }

  it("colours at least 99.5% of the corpus's real commands as the grammar does", () => {
    const commands = corpusCommands();
    expect(commands.length).toBeGreaterThan(100);
    let same = 0;
    let total = 0;
    for (const command of commands) {
      const want = viaGrammar(command);
      const got = viaScanner(command);
      total += want.length;
      want.forEach((shown, index) => {
        if (got[index] === shown) same += 1;
      });
    }
    // 99.9% when written; what disagrees is where the grammar itself goes astray (a line that starts
    // with `[`, three backquotes in a string).
    expect(same / total).toBeGreaterThan(0.995);
  });

  it("keeps the text whole, line by line as shiki cuts it, whatever it is given", () => {
    const code = fc.array(
      fc.constantFrom(
        "echo ",
        "x",
        " ",
        "\n",
        "\r\n",
        "\t",
        '"',
        "'",
        "`",
        "\\",
        "$",
        "$(",
        "${",
        "$((",
        ")",
        "}",
        "{",
        "(",
        "<<",
        "<<-",
        "EOF",
        "#",
        "|",
        "||",
        "&&",
        ";",
        ";;",
        "case ",
        " in ",
        "esac",
        "for ",
        "=",
        "-",
        "[[ ",
        " ]]",
        "2>&1",
        "*",
        "\\\n",
        "export ",
      ),
    );
    fc.assert(
      fc.property(
        code.map((parts) => parts.join("")),
        (text) => {
          const lines = shellTokens(text).map((tokens) => tokens.map((token) => token.content).join(""));
          expect(lines).toEqual(splitCodeLines(text));
          // The spans under them: in order, none empty, none overlapping the one before, all inside the text.
          let end = 0;
          for (const span of shellSpans(text)) {
            expect(span.from).toBeGreaterThanOrEqual(end);
            expect(span.to).toBeGreaterThan(span.from);
            end = span.to;
          }
          expect(end).toBeLessThanOrEqual(text.length);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("scans nesting 100,000 deep and text that never closes, without running out of stack", () => {
    const deep = `${"echo $(".repeat(100_000)}x${")".repeat(100_000)}`;
    const unclosed = `echo "${"$(".repeat(50_000)}'\n<<EOF\n${"${".repeat(50_000)}`;
    for (const text of [deep, unclosed]) {
      const lines = shellTokens(text).map((tokens) => tokens.map((token) => token.content).join(""));
      expect(lines).toEqual(splitCodeLines(text));
    }
  });

  it("handles Windows line ends as shiki does: the same colours as with \\n, no \\r in any token", () => {
    const unix = "cat <<EOF\nbody $x\nEOF\nls -la # list\ncase $a in\n  b) echo ;;\nesac";
    const windows = unix.replaceAll("\n", "\r\n");
    const colours = (code: string) => classesByChar(shellTokens(code));
    expect(colours(windows)).toEqual(colours(unix));
    expect(
      shellTokens(windows)
        .flat()
        .some((token) => token.content.includes("\r")),
    ).toBe(false);
  });

  it("is what the page shows for a shell block: the same HTML as from the tokens", async () => {
    clearHighlightCache();
    const code = 'ls -la "$HOME" | grep -v x # note';
    const lines = await tokenizeToLines(code, "shellscript");
    expect(lines).toEqual(tokensToHtmlLines(shellTokens(code), themeClasses().classOf));
    expect(lines?.join("")).toMatch(/^<span class="hl-\d+">ls /);
  });
});
