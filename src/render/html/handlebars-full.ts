import { createRequire } from "node:module";

type FullHandlebars = typeof import("handlebars");
let loaded: FullHandlebars | undefined;

/**
 * Handlebars with its compiler, loaded on first use, with `require`: synchronously, as templates are loaded.
 * The closures that render the page (template-compiler.ts) need only its runtime (`handlebars/runtime.js`);
 * the compiler is for a template the build did not compile (edited since, or a `--template` of your own)
 * and for a set the closures cannot render. A report from the shipped templates never loads it: its code
 * took ~19 ms of compiling in the page's thread, ~12 ms more than the runtime's.
 */
export function fullHandlebars(): FullHandlebars {
  loaded ??= createRequire(import.meta.url)("handlebars") as FullHandlebars;
  return loaded;
}
