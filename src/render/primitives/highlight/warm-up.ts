import { tokenizeToLines } from "./code-to-lines.js";
import { loadLanguage } from "./highlighter.js";
import { hasOwnHighlighter } from "./own-highlighters.js";

/**
 * Warming a language up: loading its grammar and tokenizing a little of it ahead of the report's real
 * blocks. The first blocks of a language pay for compiling the grammar's regexes (Oniguruma compiles each
 * rule's scanner on first use) and for the tokenizer's JIT; on the 20 MB bench session's 300 KB of
 * budgeted code that is half the cost: 1.1-1.2 s cold against 0.62 s after these samples (which take
 * ~0.5 s themselves). The report thread does this while it would otherwise wait for the rendering thread
 * to reach its first block. It never changes what a block looks like: tokenizing a block does not depend
 * on what was tokenized before (`highlighter.ts` keeps grammars that reach into others apart).
 *
 * The samples hold the constructs that model-written code and commands use most, and nothing else.
 */
const SAMPLES: Readonly<Record<string, string>> = {
  shellscript: `cd ~/work/project && npm run build 2>&1 | grep -E "error|warn" | head -20
export PATH="$HOME/.local/bin:$PATH"; VAR=\${1:-default}
for f in src/*.ts; do echo "$f: $(wc -l < "$f")"; done
if [ -f package.json ] && [[ -n "$CI" ]]; then git diff --stat HEAD~1 -- . ':!dist'; fi
cat <<'END' > /tmp/x.txt
line $not_expanded
END
find . -name '*.test.ts' -not -path './node_modules/*' -exec sed -n '1,20p' {} \\; | sort -u
rg -n "TODO|FIXME" --glob '!*.md' src/ || true  # comment
python3 -c 'import sys; print(sys.argv)' a b; ls -la /tmp > out.log 2>/dev/null &
case "$x" in a|b) echo one ;; *) echo other ;; esac`,
  typescript: `import { readFileSync, type Stats } from "node:fs";
import * as path from "node:path";
export interface Options<T extends object = {}> { name?: string; items: readonly T[]; [key: string]: unknown }
type Kind = "a" | "b" | \`prefix-\${string}\`;
/** Doc comment with {@link Options}. */
export abstract class Base<T> implements Iterable<T> {
  private readonly items: T[] = [];
  static #count = 0;
  constructor(protected name: string, public value = 42n) { super(); }
  get size(): number { return this.items.length; }
  async *[Symbol.asyncIterator](): AsyncGenerator<T> { for await (const x of this.items) yield x; }
  abstract run(input: string): Promise<void>;
}
export function parse(text: string, options: Options = { items: [] }): Record<string, number> | null {
  const re = /^(?<key>[a-z_]+)=(\\d+)$/gm; // regex
  const result: Record<string, number> = {};
  for (const match of text.matchAll(re)) result[match.groups?.key ?? ""] = Number(match[2]);
  if (typeof options.name === "string" && options.name !== "") return null;
  const fn = async <U,>(x: U): Promise<U> => { await new Promise((r) => setTimeout(r, 10)); return x as U; };
  enum Color { Red = 1, Green = "g" }
  let v = cond ? a?.b?.[0] ?? 1 : !flag && (n as number) >= 0x1f;
  try { JSON.parse(\`{"a": \${1 + 2}}\`); } catch (error: unknown) { throw new Error(String(error)); } finally { v = 0; }
  switch (v) { case 1: break; default: }
  return { ...result, total: Object.keys(result).length };
}
@decorator() class Decorated { @field() x!: number; declare y: string; }
export default { parse } satisfies Record<string, unknown>;`,
  json: `{"name": "pkg", "version": "1.0.0", "private": true, "n": -1.5e3, "list": [1, "two", null, false, {"a": {}}],
  "escaped": "quote \\" backslash \\\\ unicode \\u00e9", "nested": {"deep": [[], [{}]]}}`,
  python: `import os, sys
from typing import Optional
@dataclass(frozen=True)
class Item(Base):
    """Docstring."""
    name: str = "x"
    def run(self, *args, **kwargs) -> Optional[int]:
        for i, v in enumerate(range(10)):
            if v % 2 == 0 and not self.name: continue
        with open(f"{self.name}.txt", "rb") as fh: data = fh.read()  # comment
        return [x ** 2 for x in args if x is not None] or None
async def main(): await asyncio.sleep(0.1); raise ValueError(r"\\d+")`,
  // Read and edited docs: the grammar compiles a scanner per construct on first use, ~90 ms of the bench
  // session's 51 markdown blocks (146 ms cold, 58 after this sample, which takes ~45 ms itself).
  markdown: `# Project title
## Getting started
Some *emphasis*, **strong**, \`inline code\`, ~~struck~~ and a [link](https://example.com "title").
- a list item with \`code\`
  - nested item
1. numbered item
> a quote with **bold**
| Column | Other |
| --- | :---: |
| \`a\` | b |
\`\`\`ts
const x: number = 1;
\`\`\`
\`\`\`bash
npm install && npm test
\`\`\`
![image](docs/shot.png)
<details><summary>More</summary></details>
---
Text with a footnote[^1] and an <https://autolink.example>.
[^1]: The note.
- [ ] task
- [x] done`,
};

/** The sample of a language, if it has one. */
export function sampleOf(id: string): string | undefined {
  return Object.hasOwn(SAMPLES, id) ? SAMPLES[id] : undefined;
}

/** The languages with a sample of their own. */
export const SAMPLED_LANGUAGES: readonly string[] = Object.keys(SAMPLES);

/** Languages every Pi session highlights: its bash tool's commands and tool calls' JSON arguments. */
export const PI_TOOL_LANGUAGES: readonly string[] = ["shellscript", "json"];

/** How many lines of a sample one step tokenizes: a step must be short, since real work waits behind it. */
const LINES_PER_STEP = 4;

/**
 * The warm-up of `ids` as short steps, to run one at a time while nothing else is waiting. A language
 * without a sample is only loaded (its grammar parsed and registered).
 */
export function warmUpSteps(ids: readonly string[]): (() => Promise<void>)[] {
  const steps: (() => Promise<void>)[] = [];
  for (const id of ids) {
    // A language of our own (own-highlighters.ts) has no grammar to load: its sample warms our code.
    if (!hasOwnHighlighter(id)) {
      steps.push(async () => {
        await loadLanguage(id);
      });
    }
    const lines = sampleOf(id)?.split("\n") ?? [];
    for (let at = 0; at < lines.length; at += LINES_PER_STEP) {
      const chunk = lines.slice(at, at + LINES_PER_STEP).join("\n");
      steps.push(async () => {
        await tokenizeToLines(chunk, id);
      });
    }
  }
  return steps;
}
