import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, sep } from "node:path";
import Handlebars from "handlebars";
import { packagePath } from "../../package-root.js";
import { TemplateError } from "../templates/template-error.js";

/** The Markdown templates shipped with the tool: `templates/markdown/` at the package root. */
export const MARKDOWN_TEMPLATE_DIR = `${packagePath("templates", "markdown")}${sep}`;

/** The pages of the three shapes. Each takes finished Markdown blocks (strings), counts and flags only. */
export interface MarkdownTemplates {
  full: (data: object) => string;
  /** The short pull-request summary (`--summary`). */
  summary: (data: object) => string;
  /** The long one (`--summary=full`). */
  summaryFull: (data: object) => string;
}

const PAGES = ["full.hbs", "summary.hbs", "summary-full.hbs"] as const;
const cache = new Map<string, MarkdownTemplates>();

/** `.hbs` files of a Markdown template folder by name: the pages, and partials here or in `partials/`. */
function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const folder of [dir, join(dir, "partials")]) {
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort()) {
      if (name.endsWith(".hbs")) files.set(name, join(folder, name));
    }
  }
  return files;
}

/**
 * Loads the Markdown pages and partials into their own Handlebars instance, compiled once per process.
 * With `overrideDir` (the `--template` folder), files in its `markdown/` folder replace the shipped ones
 * of the same name (`summary.hbs`, `entry.hbs`, ...); the HTML templates beside them are not read here.
 *
 * Every value the templates receive is finished Markdown (escaped in mdast), a number or a flag, so they
 * are compiled with `noEscape`: HTML-escaping would corrupt Markdown, and there is nothing raw to escape.
 */
export function loadMarkdownTemplates(overrideDir?: string): MarkdownTemplates {
  const key = overrideDir ?? "";
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const files = filesOf(MARKDOWN_TEMPLATE_DIR);
  if (overrideDir !== undefined) {
    if (!existsSync(overrideDir)) throw new TemplateError(`--template ${overrideDir}: no such directory.`);
    const overrides = filesOf(join(overrideDir, "markdown"));
    if (overrides.size === 0) {
      throw new TemplateError(
        `--template ${overrideDir}: holds no markdown/*.hbs to use; Markdown templates go in a markdown/ folder there.`,
      );
    }
    for (const [name, path] of overrides) files.set(name, path);
  }
  const handlebars = Handlebars.create();
  for (const [name, path] of files) {
    if (!(PAGES as readonly string[]).includes(name)) {
      handlebars.registerPartial(basename(name, ".hbs"), readFileSync(path, "utf8"));
    }
  }
  const page = (name: (typeof PAGES)[number]) => {
    const path = files.get(name);
    if (path === undefined)
      throw new TemplateError(`template \`${name}\` is missing from ${MARKDOWN_TEMPLATE_DIR}.`);
    const template = handlebars.compile(readFileSync(path, "utf8"), {
      noEscape: true,
      strict: false,
      // A partial indented in a page must not indent its lines: that would turn Markdown into code.
      preventIndent: true,
    });
    // Handlebars parses on first use: a broken template fails here, named, rather than as a bug.
    return (data: object) => {
      try {
        return template(data);
      } catch (error) {
        throw new TemplateError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
  };
  const set = {
    full: page("full.hbs"),
    summary: page("summary.hbs"),
    summaryFull: page("summary-full.hbs"),
  };
  cache.set(key, set);
  return set;
}
