import { TOOL_VERSION } from "../../../version.js";
import { formatInteger } from "../../../view/format.js";
import { promptCount } from "../../../view/prompt-figures.js";
import type { ReportView } from "../../../view/report-view.js";
import { code, emphasis, paragraph, stringify, summaryText, text } from "../mdast.js";
import { factsLine, titleHeading } from "../overview-markdown.js";
import { compactTotalsTable } from "../usage-table.js";
import type { SessionFacts } from "./collect-facts.js";
import { outcomeBlocks } from "./outcome.js";
import {
  shortCommands,
  shortCommandsList,
  shortErrors,
  shortErrorsList,
  shortFilesList,
  shortPromptsList,
} from "./short-lists.js";

/** How many items of each list the short summary shows (of what it selects: see short-lists.ts). */
export interface ShortSummaryLimits {
  prompts: number;
  commands: number;
  errors: number;
  files: number;
  models: number;
}

/**
 * What `summary.hbs` receives: finished Markdown blocks, counts as formatted numbers, escaped `<summary>`
 * text. `title`, `facts`, `totals` and `footer` are named as in `summary-full.hbs`.
 */
export interface ShortSummaryTemplateData {
  title: string;
  facts: string;
  outcome: string | null;
  totals: string;
  files: { count: string; list: string } | null;
  commands: { count: string; failed: string | null; list: string } | null;
  errors: { count: string; list: string } | null;
  prompts: { summary: string; list: string } | null;
  footer: string;
}

/**
 * Builds the short summary's template data for given list limits, each section serialized once per
 * limit (the summary is rebuilt many times while it is fitted to its length).
 */
export class ShortSummarySections {
  readonly #cache = new Map<string, string | null>();

  constructor(
    private readonly view: ReportView,
    private readonly facts: SessionFacts,
  ) {}

  /** The most each list shows. */
  fullLimits(): ShortSummaryLimits {
    const { facts, view } = this;
    return {
      prompts: promptCount(view.prompts),
      commands: shortCommands(facts.commands).length,
      errors: shortErrors(facts.errors).length,
      files: facts.files.length,
      models: view.usage.byModel.length,
    };
  }

  data(limits: ShortSummaryLimits): ShortSummaryTemplateData {
    const { facts, view } = this;
    const failed = facts.commands.filter((run) => run.failed).length;
    const counted = (count: number, section: string, limit: number, build: () => string) =>
      count === 0 ? null : { count: formatInteger(count), list: this.#once(section, limit, build) ?? "" };
    return {
      title: titleHeading(view.header, 2),
      facts: factsLine(view.header, promptCount(view.prompts)),
      outcome: this.#once("outcome", 0, () => {
        const blocks = outcomeBlocks(view.transcript);
        return blocks === null ? null : stringify(blocks);
      }),
      totals:
        this.#once("totals", limits.models, () => stringify(compactTotalsTable(view.usage, limits.models))) ??
        "",
      files: counted(facts.files.length, "files", limits.files, () => shortFilesList(facts, limits.files)),
      commands:
        facts.commands.length === 0
          ? null
          : {
              count: formatInteger(facts.commands.length),
              failed: failed === 0 ? null : formatInteger(failed),
              list:
                this.#once("commands", limits.commands, () => shortCommandsList(facts, limits.commands)) ??
                "",
            },
      errors: counted(facts.errors.length, "errors", limits.errors, () =>
        shortErrorsList(facts, limits.errors),
      ),
      prompts:
        facts.outline.length === 0
          ? null
          : {
              summary: summaryText(
                promptCount(view.prompts) === 1
                  ? "The prompt"
                  : `The ${formatInteger(promptCount(view.prompts))} prompts`,
              ),
              list:
                this.#once("prompts", limits.prompts, () => shortPromptsList(facts, limits.prompts)) ?? "",
            },
      footer: stringify([
        paragraph(
          emphasis(
            text(`Made with pi-session-report ${TOOL_VERSION}. `),
            code("pi-report --summary=full"),
            text(" writes every command, prompt and cost; "),
            code("pi-report --format md"),
            text(" the whole transcript."),
          ),
        ),
      ]),
    };
  }

  #once(section: string, limit: number, build: () => string | null): string | null {
    const key = `${section}:${limit}`;
    if (!this.#cache.has(key)) this.#cache.set(key, build());
    return this.#cache.get(key) ?? null;
  }
}
