// How often our own highlighting gives a character the colour shiki's TextMate grammar gives it, over real
// code: TypeScript and JavaScript from a Lezer parse (src/render/primitives/highlight/parsed-languages.ts)
// on this project's sources, zod's and the code files of the real sessions in fixtures/corpus/real; shell
// from our scanner (shell-tokens.ts) on those sessions' bash commands and the installed packages' scripts.
// Whitespace is not counted (its colour does not show). Prints the agreement and the commonest
// disagreements, with an example of each. Run after `npm run build`:
//   npm run highlight:agreement [-- --limit <characters per language>]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createHighlighterCore } from "shiki/core";
import { createOnigurumaEngine } from "shiki/engine/oniguruma";
import { parsedTokens } from "../dist/render/primitives/highlight/parsed-languages.js";
import { shellTokens } from "../dist/render/primitives/highlight/shell-tokens.js";
import { RULE_THEME_NAME, themeClasses } from "../dist/render/primitives/highlight/theme-classes.js";

const limitAt = process.argv.indexOf("--limit");
// --show "hl-3 -> default": print lines where that disagreement occurs, the character marked.
const showAt = process.argv.indexOf("--show");
const SHOW = showAt === -1 ? undefined : process.argv[showAt + 1];
const LIMIT = limitAt === -1 ? 400_000 : Number(process.argv[limitAt + 1]);

function filesUnder(dir, test) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    // Not installed packages or generated data (bench/.peers, bench/.work).
    if (name.startsWith(".") || name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, test));
    else if (test(name)) found.push(path);
  }
  return found;
}

/**
 * Code the sessions wrote (the write tool's content), by language: what a report really highlights, as
 * whole files. (Not what they read: reads from an offset are fragments, which a TextMate grammar,
 * seeing a line at a time, often colours wrongly from the first line on: no yardstick there.)
 */
function sessionCode() {
  const byLanguage = { typescript: [], tsx: [], javascript: [], shellscript: [] };
  const languageOf = (path) =>
    /\.(ts|mts|cts)$/.test(path)
      ? "typescript"
      : /\.tsx$/.test(path)
        ? "tsx"
        : /\.(js|mjs|cjs|jsx)$/.test(path)
          ? "javascript"
          : undefined;
  const dir = "fixtures/corpus/real";
  for (const name of readdirSync(dir).sort()) {
    for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const message = entry.message ?? {};
      for (const part of Array.isArray(message.content) ? message.content : []) {
        const { path, content, command } = part.arguments ?? {};
        if (part.type === "toolCall" && part.name === "bash" && typeof command === "string") {
          byLanguage.shellscript.push(command);
        }
        const language = typeof path === "string" ? languageOf(path) : undefined;
        if (part.type !== "toolCall" || language === undefined) continue;
        if (part.name === "write" && typeof content === "string") byLanguage[language].push(content);
      }
    }
  }
  return byLanguage;
}

function take(texts, limit) {
  const taken = [];
  let size = 0;
  for (const text of texts) {
    if (size >= limit) break;
    taken.push(text);
    size += text.length;
  }
  return taken;
}

const written = sessionCode();
const corpora = {
  typescript: take(
    [
      ...written.typescript,
      ...filesUnder("src", (n) => n.endsWith(".ts")).map((f) => readFileSync(f, "utf8")),
      ...filesUnder("node_modules/zod/src", (n) => n.endsWith(".ts") && !n.endsWith(".d.ts")).map((f) =>
        readFileSync(f, "utf8"),
      ),
    ],
    LIMIT,
  ),
  tsx: take(written.tsx, LIMIT),
  javascript: take(
    [
      ...written.javascript,
      ...filesUnder("scripts", (n) => n.endsWith(".mjs")).map((f) => readFileSync(f, "utf8")),
      ...filesUnder("bench", (n) => n.endsWith(".mjs")).map((f) => readFileSync(f, "utf8")),
      ...filesUnder("node_modules/commander/lib", (n) => n.endsWith(".js")).map((f) =>
        readFileSync(f, "utf8"),
      ),
    ],
    LIMIT,
  ),
  shellscript: take(
    [
      ...new Set(written.shellscript),
      readFileSync(".ci/run", "utf8"),
      ...filesUnder("node_modules", (n) => n.endsWith(".sh")).map((f) => readFileSync(f, "utf8")),
    ],
    LIMIT,
  ),
};

const OWN_SCANNERS = { shellscript: shellTokens };
const tokensOf = (code, language) => OWN_SCANNERS[language]?.(code) ?? parsedTokens(code, language);

const { ruleTheme, classOf } = themeClasses();
const shiki = await createHighlighterCore({
  themes: [ruleTheme],
  langs: [
    import("shiki/langs/typescript.mjs"),
    import("shiki/langs/tsx.mjs"),
    import("shiki/langs/javascript.mjs"),
    import("shiki/langs/shellscript.mjs"),
  ],
  engine: createOnigurumaEngine(import("shiki/wasm")),
});

/** The class of every character of every line. */
function classesByChar(lines) {
  return lines.map((tokens) =>
    tokens.flatMap((token) => [...token.content].map(() => classOf(token.color, token.fontStyle))),
  );
}

for (const [language, texts] of Object.entries(corpora)) {
  if (texts.length === 0) {
    console.log(`${language}: no texts in the corpus`);
    continue;
  }
  let same = 0;
  let counted = 0;
  const confusions = new Map();
  const perText = [];
  for (const code of texts) {
    const before = { same, counted };
    const expected = classesByChar(shiki.codeToTokensBase(code, { lang: language, theme: RULE_THEME_NAME }));
    const actual = classesByChar(tokensOf(code, language));
    const lines = code.split(/\r?\n/);
    lines.forEach((line, row) => {
      [...line].forEach((char, column) => {
        if (/\s/.test(char)) return;
        counted += 1;
        const want = expected[row]?.[column] ?? "?";
        const got = actual[row]?.[column] ?? "?";
        if (want === got) {
          same += 1;
          return;
        }
        const key = `${want || "default"} -> ${got || "default"}`;
        const entry = confusions.get(key) ?? { count: 0, words: new Map() };
        entry.count += 1;
        // The word (or symbol run) the character is in, to tell what kind of token disagrees.
        const word = /^[\w$]/.test(char)
          ? (line.slice(0, column).match(/[\w$]*$/)?.[0] ?? "") +
            (line.slice(column).match(/^[\w$]*/)?.[0] ?? "")
          : char;
        entry.words.set(word, (entry.words.get(word) ?? 0) + 1);
        if (key === SHOW && entry.count % 17 === 1)
          console.log(`    ${line.slice(0, column)}⟦${char}⟧${line.slice(column + 1)}`.slice(0, 160));
        confusions.set(key, entry);
      });
    });
    perText.push({ agreement: (same - before.same) / Math.max(1, counted - before.counted), code });
  }
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  console.log(
    `${language}: ${texts.length} texts, ${chars.toLocaleString("en")} characters; ` +
      `${((100 * same) / counted).toFixed(1)}% of ${counted.toLocaleString("en")} non-blank characters coloured alike`,
  );
  if (process.argv.includes("--worst")) {
    for (const { agreement, code } of perText.sort((a, b) => a.agreement - b.agreement).slice(0, 3)) {
      console.log(
        `  worst text: ${(100 * agreement).toFixed(1)}% alike, ${code.length} characters, begins: ${JSON.stringify(code.slice(0, 100))}`,
      );
    }
  }
  for (const [key, { count, words }] of [...confusions]
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, 14)) {
    const examples = [...words]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([word]) => word);
    console.log(`  ${String(count).padStart(7)}  ${key.padEnd(22)} e.g. ${examples.join(" ")}`);
  }
}
