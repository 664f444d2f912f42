import { createRequire } from "node:module";

type FullHandlebars = typeof import("handlebars");
let loaded: FullHandlebars | undefined;

/**
 * Handlebars with its compiler, loaded on first use, with `require`: synchronously, as templates are loaded.
 * The page is rendered by handlebars' runtime (`handlebars/runtime.js`) from the build's specs; the compiler
 * is only for a template the build did not compile (edited since, or a `--template` of your own). A report
 * from the shipped templates never loads it: its code took ~19 ms of compiling in the page's thread, ~12 ms
 * more than the runtime's.
 */
export function fullHandlebars(): FullHandlebars {
  loaded ??= createRequire(import.meta.url)("handlebars") as FullHandlebars;
  return loaded;
}
