/**
 * `--template` is one loader for every format (render/templates/): the HTML report, the Markdown report and
 * its two summaries, and the archive's index take a folder's files over the shipped ones by name, can call
 * the same helpers, and refuse the same mistakes with the same one line (exit 2), before anything is written.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildArchiveModel } from "../../src/archive/model/archive-model.js";
import { INDEX_TEMPLATES, renderIndexPages } from "../../src/archive/pages/index-html.js";
import { HTML_TEMPLATES } from "../../src/render/html/templates.js";
import { MARKDOWN_TEMPLATES } from "../../src/render/markdown/templates.js";
import { TemplateError } from "../../src/render/templates/template-error.js";
import { parseFilters } from "../../src/sessions/filters.js";
import { runCli } from "../helpers/cli.js";
import { FIXTURES } from "../helpers/paths.js";

const SESSION = `${FIXTURES}sessions/every-tool.jsonl`;

/** A `--template` folder holding `files` (paths inside it -> text). */
function templateFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "pi-report-template-option-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** One way to render with a template folder, and the page file it renders (where a mistake is put). */
interface Format {
  name: string;
  page: string;
  shipped: string;
  /** Renders with `dir`: the text written, or the one line on stderr and the exit code. */
  render(dir: string): Promise<{ code: number; text: string; stderr: string; written: boolean }>;
}

/** The CLI writing a report into a fresh folder: whether the file was written, and what it holds. */
function cliFormat(name: string, page: string, shipped: string, args: string[], ext: string): Format {
  return {
    name,
    page,
    shipped,
    async render(dir) {
      const output = join(mkdtempSync(join(tmpdir(), "pi-report-template-out-")), `report.${ext}`);
      const { code, stdout, stderr } = await runCli([SESSION, ...args, "--template", dir, "-o", output]);
      const written = existsSync(output);
      const text = written ? readFileSync(output, "utf8") : stdout;
      return { code, text, stderr, written };
    },
  };
}

const EMPTY_MODEL = buildArchiveModel([], parseFilters({}));

const FORMATS: Format[] = [
  cliFormat("the HTML report", "page.hbs", HTML_TEMPLATES.folder, ["-f", "html"], "html"),
  cliFormat("the Markdown report", "markdown/full.hbs", MARKDOWN_TEMPLATES.folder, ["-f", "md"], "md"),
  cliFormat("the summary", "markdown/summary.hbs", MARKDOWN_TEMPLATES.folder, ["--summary"], "md"),
  cliFormat(
    "the full summary",
    "markdown/summary-full.hbs",
    MARKDOWN_TEMPLATES.folder,
    ["--summary=full"],
    "md",
  ),
  {
    name: "the archive's index",
    page: "archive/index.hbs",
    shipped: INDEX_TEMPLATES.folder,
    async render(dir) {
      // The index has no command of its own: its renderer takes the folder as the reports' do.
      try {
        const [first] = renderIndexPages(EMPTY_MODEL, null, 1000, dir);
        return { code: 0, text: first?.html ?? "", stderr: "", written: true };
      } catch (error) {
        if (!(error instanceof TemplateError)) throw error;
        return { code: 2, text: "", stderr: `pi-report: ${error.message}\n`, written: false };
      }
    },
  },
];

describe.each(FORMATS)("--template for $name", (format) => {
  it("takes the folder's page over the shipped one, and it can call the helpers every format has", async () => {
    const dir = templateFolder({
      [format.page]: "MINE {{int 1234567}} {{cost 12.5}} {{plural 2 'run' 'runs'}}\n",
    });
    const { code, text } = await format.render(dir);
    expect(code).toBe(0);
    // formatInteger's thousands, formatCost's dollars, plural's count and word: worked out by hand.
    expect(text).toContain("MINE 1,234,567 $12.50 2 runs");
  });

  it("a partial that is not there: one line naming the folder, the file, the line and the partial", async () => {
    const dir = templateFolder({ [format.page]: "first line\n{{> nowhere}}\n" });
    const result = await format.render(dir);
    expect(result).toMatchObject({ code: 2, written: false });
    expect(result.stderr).toBe(
      `pi-report: --template ${dir}: ${format.page}: line 2: partial \`nowhere\` is not there; a partial is a .hbs file of the --template folder or of the shipped ones (${format.shipped}), by its name.\n`,
    );
  });

  it("a partial block that is not there renders its own content: no mistake", async () => {
    const dir = templateFolder({ [format.page]: "{{#> nowhere}}FALLBACK{{/nowhere}}" });
    const { code, text } = await format.render(dir);
    expect(code).toBe(0);
    expect(text).toContain("FALLBACK");
  });

  it("a syntax error: one line naming the file and the line, the parser's verdict kept", async () => {
    const dir = templateFolder({ [format.page]: "{{#if title}}\nnever closed\n" });
    const result = await format.render(dir);
    expect(result).toMatchObject({ code: 2, written: false });
    expect(result.stderr).toMatch(
      new RegExp(
        `^pi-report: --template ${dir}: ${format.page}: Parse error on line 3: Expecting .*, got 'EOF'\\.\\n$`,
      ),
    );
  });

  it("a helper that does not exist: one line naming it, and the helpers there are", async () => {
    const dir = templateFolder({ [format.page]: "ok\n\n{{#each items}}{{shout this}}{{/each}}" });
    const result = await format.render(dir);
    expect(result).toMatchObject({ code: 2, written: false });
    expect(result.stderr).toBe(
      `pi-report: --template ${dir}: ${format.page}: line 3: unknown helper \`shout\`; a template can call tokens, int, cost, costu, eq, gt, plural, join, firstLine and handlebars' own (if, unless, each, with, lookup, log).\n`,
    );
  });
});

describe("a --template folder", () => {
  it("that is not there, or holds nothing for the format, is refused the same way by every format", async () => {
    const missing = join(tmpdir(), "pi-report-no-such-templates");
    const empty = templateFolder({ "notes.txt": "nothing to render" });
    for (const format of FORMATS) {
      expect((await format.render(missing)).stderr).toBe(
        `pi-report: --template ${missing}: no such folder; give the folder that holds your templates.\n`,
      );
      const refused = await format.render(empty);
      expect(refused).toMatchObject({ code: 2, written: false });
      expect(refused.stderr).toMatch(
        new RegExp(
          `^pi-report: --template ${empty}: holds nothing for the .+: its files \\(.+\\) go in .+\\.\\n$`,
        ),
      );
    }
  });
});
