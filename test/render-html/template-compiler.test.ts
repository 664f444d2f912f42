/**
 * The closures that render the page (template-compiler.ts) must render what handlebars renders, for any
 * template they accept and any data: held to handlebars itself on generated templates and data, and on
 * whole pages of real sessions.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import Handlebars from "handlebars";
import { describe, expect, it, vi } from "vitest";
import { HTML_TEMPLATE_OPTIONS } from "../../src/render/html/page-engines.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { compileTemplates, parseTemplate } from "../../src/render/html/template-compiler.js";
import { loadTemplates } from "../../src/render/html/templates.js";
import { HELPER_NAMES, registerTemplateHelpers } from "../../src/render/templates/template-helpers.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

type Outcome = { text: string } | { error: string };

/** What handlebars says when it refuses a property of a prototype (the closures say it as handlebars does). */
const PROTO_DENIED = /^Handlebars: Access has been denied to resolve the property "([^"]+)"/;

/**
 * Runs `render` with the console's errors caught rather than printed: handlebars logs there (and the
 * closures as it does) when a template asks for a prototype's property, which some templates here do on
 * purpose. What was said is returned for the test to check, not left in the test log.
 */
function caught<T>(render: () => T): { value: T; said: string[] } {
  const said: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...message: unknown[]) => {
    said.push(message.map(String).join(" "));
  });
  try {
    return { value: render(), said };
  } finally {
    spy.mockRestore();
  }
}

/**
 * Renders `main` with `partials` both ways: handlebars with the page's options, and the closures. With
 * `fresh`, each engine renders data of its own from it (for data that rendering changes). `said`: what
 * they logged meanwhile.
 */
function renderBoth(
  main: string,
  partials: Record<string, string>,
  data: unknown,
  fresh: () => unknown = () => data,
): { handlebars: Outcome; closures: Outcome; said: string[] } {
  const handlebars = Handlebars.create();
  registerTemplateHelpers(handlebars);
  for (const [name, source] of Object.entries(partials)) {
    handlebars.registerPartial(name, handlebars.compile(source, { ...HTML_TEMPLATE_OPTIONS }));
  }
  const helpers = Object.fromEntries(
    HELPER_NAMES.map((name) => [name, handlebars.helpers[name] as (...args: unknown[]) => unknown]),
  );
  const asts = new Map(Object.entries(partials).map(([name, source]) => [name, parseTemplate(source)]));
  asts.set("/main", parseTemplate(main));
  const closures = compileTemplates(asts, helpers);
  if (closures === undefined) throw new Error(`not supported: ${main}`);
  const run = (render: () => string): Outcome => {
    try {
      return { text: render() };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };
  const byHandlebars = caught(() =>
    run(() => handlebars.compile(main, { ...HTML_TEMPLATE_OPTIONS })(fresh())),
  );
  const byClosures = caught(() =>
    run(() => (closures.get("/main") as (context: unknown) => string)(fresh())),
  );
  return {
    handlebars: byHandlebars.value,
    closures: byClosures.value,
    said: [...byHandlebars.said, ...byClosures.said],
  };
}

/** The same output both ways; the engines may say only that they refused a prototype's property. */
function expectSame(main: string, partials: Record<string, string>, data: unknown): void {
  const { handlebars, closures, said } = renderBoth(main, partials, data);
  expect(closures, main).toEqual(handlebars);
  expect(
    said.filter((line) => !PROTO_DENIED.test(line)),
    main,
  ).toEqual([]);
}

const KEYS = ["a", "b", "list", "obj", "n", "zero", "s", "name", "nodes"] as const;
const PATHS = [...KEYS, "this", ".", "a.b", "obj.a", "obj.list", "list.length", "s.length", "missing.deep"];

// Values of every kind the page's data holds, and the edge cases of truthiness handlebars has.
const leaf = fc.oneof(
  fc.constantFrom("", "x", "<b>&\"'`=</b>", "a\nb", "0", "false", "p1", "p2"),
  fc.constantFrom(0, 1, -1, 2.5, Number.NaN),
  fc.boolean(),
  fc.constantFrom(null, undefined),
  fc.string({ maxLength: 6 }),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 4 }),
  ),
})).value;
const data = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 9 });

// Templates: text with HTML's special characters and whitespace, mustaches of every form the page's
// templates use, blocks, helpers and partials, nested.
const text = fc.stringMatching(/^[a <>&"'=`\n\r\t]{0,6}$/);
const path = fc.constantFrom(...PATHS);
const literal = fc.constantFrom('"x"', '" "', '"entry"', "1", "0", "true", "false", "null", "undefined");
const argument = fc.oneof(path, literal);
const helperCall = fc.oneof(
  fc.tuple(fc.constantFrom("eq", "gt"), argument, argument).map(([name, x, y]) => `${name} ${x} ${y}`),
  fc.tuple(argument, argument).map(([x, y]) => `plural ${x} "one" ${y}`),
  argument.map((x) => `plural ${x} "one"`),
  fc.tuple(argument, fc.constantFrom('" "', '", "', "")).map(([x, y]) => `join ${x} ${y}`.trimEnd()),
  fc.tuple(argument, fc.constantFrom("", " 3", " 80")).map(([x, y]) => `firstLine ${x}${y}`),
  fc.tuple(fc.constantFrom("tokens", "int", "cost"), argument).map(([name, x]) => `${name} ${x}`),
  fc.tuple(argument, argument).map(([x, y]) => `costu ${x} ${y}`),
  fc.tuple(path, fc.constantFrom('"a"', '"b"', '"length"', "name")).map(([x, y]) => `lookup ${x} ${y}`),
);
const expression = fc.oneof(
  path,
  helperCall.map((call) => `(${call})`),
);
const mustache = fc.oneof(
  path.map((x) => `{{${x}}}`),
  path.map((x) => `{{{${x}}}}`),
  helperCall.map((call) => `{{${call}}}`),
  helperCall.map((call) => `{{{${call}}}}`),
  path.map((x) => `{{~${x}~}}`),
  path.map((x) => `{{&${x}}}`),
  fc.constantFrom("{{!-- a comment --}}", "{{! another }}", "\n  {{! a standalone comment }}\r\n"),
);
const partialCall = fc.oneof(
  fc.constantFrom("{{> p1}}", "{{> p2}}", "\n  {{> p1}}\n", '{{> (lookup . "name")}}'),
  fc.tuple(fc.constantFrom("p1", "p2"), path).map(([name, x]) => `{{> ${name} ${x}}}`),
  fc.tuple(fc.constantFrom("p1", "p2"), path).map(([name, x]) => `{{> ${name} nodes=${x}}}`),
  fc.tuple(path, path).map(([x, y]) => `{{> p1 ${x} a=${y} b="k"}}`),
  path.map((x) => `{{> (lookup ${x} "name") ${x}}}`),
);

function templateOf(depth: number, withPartials: boolean): fc.Arbitrary<string> {
  const pieces: fc.Arbitrary<string>[] = [text, mustache];
  if (withPartials) pieces.push(partialCall);
  if (depth > 0) {
    const inner = templateOf(depth - 1, withPartials);
    const elseBranch = fc
      .option(inner, { nil: undefined })
      .map((x) => (x === undefined ? "" : `{{else}}${x}`));
    pieces.push(
      fc
        .tuple(
          fc.constantFrom("if", "unless"),
          expression,
          fc.constantFrom("", " includeZero=true"),
          inner,
          elseBranch,
        )
        .map(([name, x, hash, body, other]) => `{{#${name} ${x}${hash}}}${body}${other}{{/${name}}}`),
      fc
        .tuple(expression, inner, expression, inner, elseBranch)
        .map(([x, body, y, second, other]) => `{{#if ${x}}}${body}{{else if ${y}}}${second}${other}{{/if}}`),
      // Chains into the other blocks, and a standalone `else`.
      fc
        .tuple(expression, inner, fc.constantFrom("each", "with", "unless"), expression, inner, elseBranch)
        .map(
          ([x, body, name, y, second, other]) =>
            `{{#if ${x}}}${body}{{else ${name} ${y}}}${second}${other}{{/if}}`,
        ),
      fc
        .tuple(expression, inner, inner)
        .map(([x, body, other]) => `{{#each ${x}}}\n${body}\n  {{else}}\n${other}\n{{/each}}`),
      fc
        .tuple(fc.constantFrom("with", "each"), expression, inner, elseBranch)
        .map(([name, x, body, other]) => `{{#${name} ${x}}}${body}${other}{{/${name}}}`),
      // Standalone block lines: handlebars drops their line breaks and indents.
      fc.tuple(path, inner).map(([x, body]) => `\n  {{#each ${x}}}\n${body}\n  {{/each}}\n`),
      fc.tuple(path, inner).map(([x, body]) => `{{~#if ${x}~}} ${body} {{~/if~}}`),
    );
  }
  return fc.array(fc.oneof(...pieces), { maxLength: 5 }).map((list) => list.join(""));
}

describe("template closures", () => {
  it("render what handlebars renders, for generated templates, partials and data", () => {
    fc.assert(
      fc.property(
        templateOf(2, true),
        templateOf(1, false),
        templateOf(1, false),
        data,
        (main, p1, p2, input) => {
          expectSame(main, { p1, p2 }, input);
        },
      ),
      { numRuns: Number(process.env.TEMPLATE_RUNS ?? 1500) },
    );
    // 1,500 runs took 90 s on the shared 2-core machine at load 22: past the default 60 s.
  }, 240_000);

  it.each([
    // Raw values are joined with +, left to right: two numbers first add up in handlebars too.
    ["{{{n}}}{{{zero}}}x", { n: 2, zero: 3 }],
    ["{{{n}}}{{{zero}}}x{{n}}y{{{zero}}}", { n: 2, zero: 3 }],
    ["{{#each list}}{{{this}}}{{/each}}", { list: [1, 2, [3]] }],
    // Holes in an array are skipped but counted: no else for an array of holes.
    ["{{#each list}}[{{this}}]{{else}}none{{/each}}", { list: Object.assign(new Array(3), { 2: 1 }) }],
    ["{{#each list}}[{{this}}]{{else}}none{{/each}}", { list: new Array(2) }],
    ["{{#each obj}}{{this}},{{/each}}", { obj: new Map([["a", 1]]) }],
    ["{{#each s}}{{this}}{{else}}not iterated{{/each}}", { s: "abc" }],
    // includeZero, and zero in if, unless, with.
    ["{{#if zero includeZero=true}}yes{{else}}no{{/if}}{{#if zero}}yes{{else}}no{{/if}}", { zero: 0 }],
    ["{{#with zero}}[{{this}}]{{else}}empty{{/with}}{{#unless list}}none{{/unless}}", { zero: 0, list: [] }],
    // A null context: blocks render with handlebars' empty object.
    ["{{#if true}}[{{this}}]{{/if}}{{#each missing}}x{{else}}[{{this}}]{{/each}}", null],
    // A partial with a hash gets a copy of its context with the pairs added.
    ["{{> p1 obj a=n}}", { obj: { a: 1, b: 2 }, n: 5 }],
    // ... built from the pairs last first, as handlebars' compiler builds it.
    ["{{> p2 missing b=n a=zero}}", { n: 5, zero: 0 }],
    // Partials named by a literal, or by a falsy or function value (found by a review against handlebars).
    ["{{> 5}}{{> true}}", { a: 1 }],
    ['{{> (lookup . "n")}}', { n: "", a: 2 }],
    ['{{> (lookup . "n")}}', { n: 0 }],
    ['{{> (lookup . "n") a=s}}', { n: (context: { a: string }) => `fn:${context.a}`, s: "x" }],
    // The page (a key starting with "/") is not a partial.
    ["{{#if s}}{{> [/main] s=false}}{{/if}}ok", { s: true }],
    ['{{> (lookup . "n")}}', { n: "/main" }],
    // The partial's name, context and hash are evaluated before it is looked up.
    ["{{> nope (firstLine obj)}}", { obj: { toString: 1 } }],
    // An iterator that is not there, and an array that grows while it is iterated.
    ["{{#each obj}}[{{this}}]{{else}}none{{/each}}", { obj: { a: 1, [Symbol.iterator]: undefined } }],
  ])("%s", (main, input) => {
    const partials = {
      p1: "{{a}}-{{b}}",
      p2: "{{#each this}}{{this}};{{/each}}",
      "5": "five",
      true: "yes",
      undefined: "the partial named undefined",
    };
    expectSame(main, partials, input);
  });

  it("reads no property from a prototype: handlebars refuses and says so (caught, not printed)", () => {
    const main = "{{s.constructor}}|{{obj.toString}}|{{list.map}}";
    const { handlebars, closures, said } = renderBoth(main, {}, { s: "x", obj: {}, list: [] });
    expect(closures).toEqual({ text: "||" });
    expect(handlebars).toEqual(closures);
    expect(new Set(said.map((line) => PROTO_DENIED.exec(line)?.[1]))).toEqual(new Set(["toString", "map"]));
  });

  it("an array that grows while it is iterated: as far as its length when the loop began", () => {
    const fresh = () => {
      const list: unknown[] = [];
      const item = { grow: () => (list.length < 4 ? list.push(item) : list.length) };
      list.push(item);
      return { list };
    };
    const { handlebars, closures } = renderBoth("{{#each list}}[{{grow}}]{{/each}}", {}, undefined, fresh);
    expect(handlebars).toEqual({ text: "[2]" });
    expect(closures).toEqual(handlebars);
  });

  it("a missing partial is the same error as handlebars'", () => {
    const { handlebars, closures } = renderBoth('{{> nothere}}{{> (lookup . "name")}}', {}, { name: "gone" });
    expect("error" in handlebars).toBe(true);
    expect(closures).toEqual(handlebars);
    const dynamic = renderBoth('{{> (lookup . "name")}}', {}, { name: "gone" });
    expect(dynamic.handlebars).toEqual({ error: "The partial gone could not be found" });
    expect(dynamic.closures).toEqual(dynamic.handlebars);
  });

  it.each([
    "{{../a}}",
    "{{@index}}",
    "{{#each list as |item|}}{{item}}{{/each}}",
    "{{#> p1}}fallback{{/p1}}",
    "{{#eq a b}}x{{/eq}}",
    '{{"literal"}}',
    "{{#if a b}}x{{/if}}",
    // An empty segment, a pair handlebars drops, a number JSON cannot hold.
    "{{[]}}",
    "{{> p1 __proto__=list}}",
    `{{#if 1${"0".repeat(400)}}}y{{/if}}`,
    // Handlebars' helpers called as mustaches.
    "{{if}}",
    "{{each list}}",
    "{{log a}}",
  ])("leave %s to handlebars", (main) => {
    const asts = new Map([["/main", parseTemplate(main)]]);
    expect(compileTemplates(asts, {})).toBeUndefined();
  });
});

describe("the page's templates", () => {
  it("are all rendered by the closures", () => {
    expect(loadTemplates().engine).toBe("closures");
  });

  it("with one template the closures cannot do, the set is left to handlebars, and the page is the same", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-templates-"));
    try {
      // A partial nothing calls, using what only handlebars does: the page itself is the shipped one.
      writeFileSync(join(dir, "unused.hbs"), "{{#each list}}{{@index}}{{/each}}");
      expect(loadTemplates(dir).engine).toBe("handlebars");
      for (const session of [
        `${FIXTURES}sessions/every-tool.jsonl`,
        `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`,
        `${CORPUS}real/pi-mono__before-compaction.jsonl`,
      ]) {
        const analysis = analyzeAsRead(session);
        const byClosures = await renderHtml(analysis, { sourcePath: "s.jsonl" });
        const byHandlebars = await renderHtml(analysis, { sourcePath: "s.jsonl", templateDir: dir });
        expect(byClosures === byHandlebars, session).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
