/**
 * What a block of code is, in the order it deserves highlighting: the first ones are short and are
 * what a reader scans for; tool output is often long and is read least.
 */
import type { LineTokenizer } from "./tokenizer.js";

export type HighlightPriority = "command" | "diff" | "written-file" | "code-fence" | "tool-output";

/** Every priority, highest first: the order the report renderer should walk content in. */
export const HIGHLIGHT_PRIORITIES: readonly HighlightPriority[] = [
  "command",
  "diff",
  "written-file",
  "code-fence",
  "tool-output",
];

/** Limits on how much code one report highlights, in characters (UTF-16 code units). */
export interface HighlightBudgetOptions {
  /** Total characters highlighted for the whole report. */
  totalChars: number;
  /** A longer block is never highlighted, whatever is left. */
  perBlockChars: number;
  /** The most each priority may spend in total; a priority not listed may spend up to `totalChars`. */
  perPriorityChars: Partial<Record<HighlightPriority, number>>;
}

/**
 * The default budget. Oniguruma tokenizes TypeScript at roughly 2.5 s per MB here (see highlighter.ts),
 * and a real session, reading files in a dozen languages, pays about as much again compiling grammars:
 * on a real 2.4 MB session 500 KB cost 2.1 s of CPU, 300 KB 1.3 s. 300 KB covers every command and most
 * diffs and written files of a typical session; a 40 KB block is already a whole file nobody reads token by
 * token; written files may take 100 KB and tool output, the bulkiest and least read, 50 KB, so that
 * neither crowds out what comes before it. It also keeps a 20 MB session's report under 400 MB of memory.
 */
export const DEFAULT_HIGHLIGHT_BUDGET: Readonly<HighlightBudgetOptions> = {
  totalChars: 300_000,
  perBlockChars: 40_000,
  perPriorityChars: { "written-file": 100_000, "tool-output": 50_000 },
};

/**
 * A spend-as-you-go highlight budget for one report.
 *
 * Policy: a block is highlighted when it fits under the per-block cap, under what is left of the
 * total, and under what is left of its priority's cap; otherwise it is shown as plain escaped text.
 * Nothing is reserved per priority: the renderer walks content highest priority first, so commands,
 * diffs, written files and code fences are served before tool output. Identical blocks (same language
 * and text) pay once, so a file read ten times costs one read. Whether a block is highlighted depends
 * only on what this budget saw before it, never on the process-wide cache, so a report's bytes do not
 * depend on what else the process rendered.
 */
export class HighlightBudget {
  readonly options: Readonly<HighlightBudgetOptions>;
  /**
   * Where the blocks this budget lets through are tokenized: this thread when undefined (see
   * `highlightGroup`), or another one (`DeferredTokenizer`). It never changes what is highlighted.
   */
  readonly tokenizer: LineTokenizer | undefined;
  #spent = 0;
  readonly #spentBy = new Map<HighlightPriority, number>();
  readonly #paid = new Map<string, Set<string>>();

  constructor(options: Partial<HighlightBudgetOptions> = {}, tokenizer?: LineTokenizer) {
    this.options = { ...DEFAULT_HIGHLIGHT_BUDGET, ...options };
    this.tokenizer = tokenizer;
  }

  /** Characters spent so far, over all priorities. */
  get spent(): number {
    return this.#spent;
  }

  /** Characters spent so far by one priority. */
  spentBy(priority: HighlightPriority): number {
    return this.#spentBy.get(priority) ?? 0;
  }

  /** Whether `chars` more characters may be highlighted at `priority` now. Spends nothing. */
  allows(priority: HighlightPriority, chars: number): boolean {
    const { totalChars, perBlockChars, perPriorityChars } = this.options;
    const priorityCap = perPriorityChars[priority] ?? totalChars;
    return (
      chars <= perBlockChars &&
      this.#spent + chars <= totalChars &&
      this.spentBy(priority) + chars <= priorityCap
    );
  }

  /**
   * Asks to highlight one block: returns true (and spends its length) when it may be highlighted,
   * false when it must be shown as plain text. A block this budget already paid for is free.
   */
  spend(priority: HighlightPriority, language: string, code: string): boolean {
    if (this.#paid.get(language)?.has(code)) return true;
    if (!this.allows(priority, code.length)) return false;
    this.#spent += code.length;
    this.#spentBy.set(priority, this.spentBy(priority) + code.length);
    let paid = this.#paid.get(language);
    if (paid === undefined) {
      paid = new Set();
      this.#paid.set(language, paid);
    }
    paid.add(code);
    return true;
  }
}

/**
 * Creates the highlight budget for one report; options override `DEFAULT_HIGHLIGHT_BUDGET`, and
 * `tokenizer` says where to tokenize (default: in this thread).
 */
export function createHighlightBudget(
  options: Partial<HighlightBudgetOptions> = {},
  tokenizer?: LineTokenizer,
): HighlightBudget {
  return new HighlightBudget(options, tokenizer);
}
