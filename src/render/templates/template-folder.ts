import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { TemplateError } from "./template-error.js";

/** One kind of templates: where the shipped ones are, and what of a `--template` folder replaces them. */
export interface TemplateKind {
  /** What they make, for messages: "HTML report", "Markdown report", "archive's index". */
  title: string;
  /** The shipped folder, absolute. */
  folder: string;
  /** Where a `--template` folder holds files of this kind: "" (its top) or a folder in it ("markdown"). */
  overrideIn: string;
  /** Folders below either folder whose files count as if they were beside the others (`partials/`). */
  subfolders: readonly string[];
  /** The files read besides the templates (the page's stylesheet and script), by file name. */
  assets: readonly string[];
  /** The templates rendered by name; every other `.hbs` file is a partial, named by its file name. */
  pages: readonly string[];
}

/** A kind's files: the shipped ones, each replaced by the `--template` folder's file of the same name. */
export interface TemplateFolder {
  kind: TemplateKind;
  /** The `--template` folder (as given), when one is used. */
  override: string | undefined;
  /** Every template's source by file name (`page.hbs`, `entry.hbs`), pages and partials alike. */
  sources: ReadonlyMap<string, string>;
  /** Where each file (templates and assets) is read from, by file name. */
  paths: ReadonlyMap<string, string>;
  /** The partials by name (`entry`): every template that is no page. */
  partials: ReadonlySet<string>;
  /**
   * A template's or an asset's text.
   * @throws {TemplateError} when neither folder has it.
   */
  read(name: string): string;
  /** Whether the file comes from the `--template` folder. */
  isOwn(name: string): boolean;
  /** How a message names the file: `--template <dir>: partials/entry.hbs` or `the shipped <path>`. */
  where(name: string): string;
}

/** The kind's files in `folder` and its subfolders, by file name: templates and the kind's assets. */
function filesIn(kind: TemplateKind, folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const sub of ["", ...kind.subfolders]) {
    const dir = join(folder, sub);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith(".hbs") || kind.assets.includes(name)) files.set(name, join(dir, name));
    }
  }
  return files;
}

/** What a `--template` folder holds for this kind, in words: which files, and where they go. */
function whatGoesWhere(kind: TemplateKind, override: string): string {
  const where =
    kind.overrideIn === "" ? "in the folder itself" : `in ${join(override, kind.overrideIn)}${sep}`;
  const files = [...kind.pages, "partials as .hbs", ...kind.assets].join(", ");
  return `its files (${files}) go ${where}`;
}

/**
 * The kind's files, with those of `override` (a `--template` folder) over the shipped ones of the same
 * file name. Sources of templates are read now; assets when asked for.
 *
 * @throws {TemplateError} when `override` is no folder, or holds no file of this kind.
 */
export function templateFolder(kind: TemplateKind, override?: string): TemplateFolder {
  const paths = filesIn(kind, kind.folder);
  const own = new Set<string>();
  if (override !== undefined) {
    if (!existsSync(override))
      throw new TemplateError(
        `--template ${override}: no such folder; give the folder that holds your templates.`,
      );
    const overrides = filesIn(kind, join(override, kind.overrideIn));
    if (overrides.size === 0) {
      throw new TemplateError(
        `--template ${override}: holds nothing for the ${kind.title}: ${whatGoesWhere(kind, override)}.`,
      );
    }
    for (const [name, path] of overrides) {
      paths.set(name, path);
      own.add(name);
    }
  }
  const sources = new Map<string, string>();
  for (const [name, path] of paths) if (name.endsWith(".hbs")) sources.set(name, readFileSync(path, "utf8"));
  const partials = new Set(
    [...sources.keys()].filter((name) => !kind.pages.includes(name)).map((name) => name.slice(0, -4)),
  );
  const where = (name: string): string => {
    const path = paths.get(name);
    if (path !== undefined && own.has(name) && override !== undefined)
      return `--template ${override}: ${relative(override, path).split(sep).join("/")}`;
    return `the shipped ${path ?? join(kind.folder, name)}`;
  };
  return {
    kind,
    override,
    sources,
    paths,
    partials,
    read(name) {
      const source = sources.get(name);
      if (source !== undefined) return source;
      const path = paths.get(name);
      if (path === undefined) throw new TemplateError(`template \`${name}\` is missing from ${kind.folder}.`);
      return readFileSync(path, "utf8");
    },
    isOwn: (name) => own.has(name),
    where,
  };
}
