import { basename } from "node:path";
import type Handlebars from "handlebars";
import HandlebarsRuntime from "handlebars/runtime.js";
import { oneLine } from "../templates/check-templates.js";
import { fullHandlebars } from "../templates/handlebars-full.js";
import { TemplateError } from "../templates/template-error.js";
import type { TemplateFolder } from "../templates/template-folder.js";
import { KNOWN_HELPERS, registerTemplateHelpers } from "../templates/template-helpers.js";
import { handlebarsPage, type PageRenderer } from "./page-parts.js";
import {
  loadPrecompiledTemplates,
  type PrecompiledTemplate,
  type TemplateOptions,
  templateHash,
} from "./precompiled-templates.js";

// The page's engine: handlebars' own runtime, from the build's compiled templates where it compiled this
// very source.

/** How every page template is compiled, at build time and at run time alike. */
export const HTML_TEMPLATE_OPTIONS: Readonly<TemplateOptions> = {
  strict: false,
  preventIndent: true,
  ...KNOWN_HELPERS,
  data: false,
};

let shipped: ReadonlyMap<string, PrecompiledTemplate> | undefined;
/** The build's templates (dist/precompiled-templates.cjs), read once. */
export function precompiledTemplates(): ReadonlyMap<string, PrecompiledTemplate> {
  shipped ??= loadPrecompiledTemplates();
  return shipped;
}

/** Whether the build compiled this very source (`PrecompiledTemplate.hash`), and so what it made of it. */
function builtFrom(
  precompiled: ReadonlyMap<string, PrecompiledTemplate>,
  name: string,
  source: string,
): PrecompiledTemplate | undefined {
  const built = precompiled.get(name);
  return built !== undefined && built.hash === templateHash(source, HTML_TEMPLATE_OPTIONS)
    ? built
    : undefined;
}

/**
 * Compiles a template the build did not compile with handlebars' compiler, now rather than when it is first
 * rendered: deep inside the page, an error could not say which file it is in.
 * @throws {TemplateError} naming the file, for a template that does not compile.
 */
function precompileNaming(folder: TemplateFolder, name: string, source: string): string {
  try {
    // Typed as a specification object; it is the JavaScript source of one.
    return String(fullHandlebars().precompile(source, { ...HTML_TEMPLATE_OPTIONS }));
  } catch (error) {
    throw new TemplateError(
      `${folder.where(name)}: ${oneLine(error instanceof Error ? error.message : String(error))}.`,
    );
  }
}

/**
 * A template as handlebars' runtime takes it: the build's spec, or compiled now. Compiled now, the spec is
 * JavaScript source, evaluated as `Handlebars.compile` evaluates what it generates (with `Function`).
 */
function specOf(
  precompiled: ReadonlyMap<string, PrecompiledTemplate>,
  folder: TemplateFolder,
  name: string,
): PrecompiledTemplate["spec"] {
  const source = folder.read(name);
  const built = builtFrom(precompiled, name, source);
  if (built !== undefined) return built.spec;
  return new Function(`return ${precompileNaming(folder, name, source)};`)() as PrecompiledTemplate["spec"];
}

/**
 * The page rendered by handlebars' own runtime (`Handlebars.template`). Partials are registered compiled,
 * so that they do not depend on the options of the template that calls them.
 */
export function handlebarsRenderer(
  precompiled: ReadonlyMap<string, PrecompiledTemplate>,
  folder: TemplateFolder,
): PageRenderer {
  const handlebars = HandlebarsRuntime.create();
  registerTemplateHelpers(handlebars);
  const compiled = (name: string): Handlebars.TemplateDelegate =>
    handlebars.template(specOf(precompiled, folder, name));
  for (const name of folder.sources.keys()) {
    if (name !== "page.hbs") handlebars.registerPartial(basename(name, ".hbs"), compiled(name));
  }
  return handlebarsPage(handlebars, compiled("page.hbs"), compiled("transcript.hbs"));
}
