import { TOOL_VERSION } from "../../../version.js";
import { formatInteger } from "../../../view/format.js";
import { promptCount } from "../../../view/prompt-figures.js";
import type { ReportView } from "../../../view/report-view.js";
import { plural } from "../markdown-context.js";
import { code, emphasis, paragraph, stringify, summaryText, text } from "../mdast.js";
import { factsLine, titleHeading } from "../overview-markdown.js";
import { totalsTable } from "../usage-table.js";
import type { SessionFacts } from "./collect-facts.js";
import {
  askedBlocks,
  commandsList,
  errorsList,
  filesList,
  historyList,
  outlineList,
} from "./summary-lists.js";

/** How many items of each trimmable list the summary shows. */
export interface SummaryLimits {
  outline: number;
  commands: number;
  errors: number;
  files: number;
  history: number;
  models: number;
}

/** What `summary-full.hbs` receives: finished Markdown blocks, counts as formatted numbers, escaped `<summary>` text. */
export interface SummaryTemplateData {
  title: string;
  facts: string;
  asked: string | null;
  totals: string;
  files: { count: string; list: string } | null;
  commands: { count: string; failed: string | null; list: string } | null;
  errors: { count: string; list: string } | null;
  history: string | null;
  outline: { summary: string; list: string } | null;
  footer: string;
}

/**
 * Builds the summary's template data for given list limits. Each section is serialized once per limit
 * (the summary is rebuilt many times while it is fitted to GitHub's limit).
 */
export class SummarySections {
  readonly #cache = new Map<string, string | null>();

  constructor(
    private readonly view: ReportView,
    private readonly facts: SessionFacts,
  ) {}

  /** The longest each list can be. */
  fullLimits(): SummaryLimits {
    const { facts, view } = this;
    return {
      outline: promptCount(this.view.prompts),
      commands: facts.commands.length,
      errors: facts.errors.length,
      files: facts.files.length,
      history: (view.branches.length > 1 ? view.branches.length : 0) + facts.compactions.length,
      models: view.usage.byModel.length,
    };
  }

  data(limits: SummaryLimits): SummaryTemplateData {
    const { facts } = this;
    const failed = facts.commands.filter((run) => run.failed).length;
    return {
      title: titleHeading(this.view.header, 2),
      facts: factsLine(this.view.header, promptCount(this.view.prompts)),
      asked: this.#once("asked", 0, () => askedBlocks(facts)),
      totals:
        this.#once("totals", limits.models, () => stringify(totalsTable(this.view.usage, limits.models))) ??
        "",
      files: this.#list("files", limits.files, () => filesList(facts, limits.files)),
      commands:
        facts.commands.length === 0
          ? null
          : {
              count: formatInteger(facts.commands.length),
              failed: failed === 0 ? null : formatInteger(failed),
              list: this.#once("commands", limits.commands, () => commandsList(facts, limits.commands)) ?? "",
            },
      errors: this.#list("errors", limits.errors, () => errorsList(facts, limits.errors)),
      history: this.#once("history", limits.history, () => historyList(this.view, facts, limits.history)),
      outline:
        facts.outline.length === 0
          ? null
          : {
              summary: summaryText(
                `Outline of the active branch: ${plural(promptCount(this.view.prompts), "prompt", "prompts")}`,
              ),
              list: this.#once("outline", limits.outline, () => outlineList(facts, limits.outline)) ?? "",
            },
      footer: stringify([
        paragraph(
          emphasis(
            text(`Made with pi-session-report ${TOOL_VERSION}. `),
            code("pi-report --format md"),
            text(" writes the whole transcript."),
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

  #list(
    section: "files" | "errors",
    limit: number,
    build: () => string,
  ): { count: string; list: string } | null {
    const count = this.facts[section].length;
    if (count === 0) return null;
    return { count: formatInteger(count), list: this.#once(section, limit, build) ?? "" };
  }
}
