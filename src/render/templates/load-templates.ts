import { checkOwnTemplates } from "./check-templates.js";
import { type TemplateFolder, type TemplateKind, templateFolder } from "./template-folder.js";

/** What turns a kind's files into what its format renders with: compiled pages, and its assets. */
export type TemplateEngine<Set> = (folder: TemplateFolder) => Set;

const loaded = new Map<string, unknown>();

/** How `loadTemplateSet` keeps what it loaded. */
export interface KeepOptions {
  /** An engine's own choice (with or without the build's templates), kept apart from the others. */
  variant?: string;
  /** False: made anew and not kept (a test's engine of its own). */
  keep?: boolean;
}

/**
 * The one way every format loads its templates: the kind's shipped files with a `--template` folder's over
 * them (`templateFolder`), the user's own checked before anything renders (`checkOwnTemplates`), then
 * compiled by `engine` (handlebars). Kept per kind, folder and variant for the
 * life of the process.
 *
 * @throws {TemplateError} for a `--template` folder that is missing or holds nothing of this kind, and
 *   for a template of its own that does not parse, calls an unknown helper or names a missing partial.
 */
export function loadTemplateSet<Set>(
  kind: TemplateKind,
  engine: TemplateEngine<Set>,
  override?: string,
  { variant = "", keep = true }: KeepOptions = {},
): Set {
  const key = JSON.stringify([kind.folder, kind.overrideIn, variant, override ?? null]);
  if (keep && loaded.has(key)) return loaded.get(key) as Set;
  const folder = templateFolder(kind, override);
  checkOwnTemplates(folder);
  const set = engine(folder);
  if (keep) loaded.set(key, set);
  return set;
}
