import Handlebars from "handlebars/runtime.js";
import { fullHandlebars } from "../templates/handlebars-full.js";
import {
  type CompiledTemplates,
  eachOf,
  joinPieces,
  lookupProperty,
  type Piece,
  partialNamed,
  type Render,
  self,
} from "./template-runtime.js";

/**
 * Handlebars templates turned into plain closures, for the page: the same output as handlebars' own
 * runtime, without its overhead.
 *
 * Why: the HTML report renders one `entry` partial per entry, each a dozen more partials and a hundred
 * `{{#if}}`s, and handlebars' runtime pays for every one of them in ways these templates never use: an
 * options object with source locations per block, a wrapper per partial that copies the options twice,
 * a prototype-access check per property read. Here each node of the parsed template becomes one closure,
 * once: the bench session's templates took 0.29 s instead of 0.47 s, a fifth of the page's thread (the
 * rest is building the strings and collecting garbage; see BENCHMARKS.md).
 *
 * Only what the page's templates are compiled with and use is supported: `HTML_TEMPLATE_OPTIONS`
 * (`knownHelpersOnly`, `data: false`, `preventIndent`, not strict), paths on the current context,
 * literals, `if`/`unless`/`with`/`each` blocks (with `else` and `else if`), the known helpers as
 * mustaches and sub-expressions, `lookup`, and partials, static or dynamic, with a context and a hash.
 * `compileTemplates` returns undefined for a template with anything else (`../`, `@index`, block
 * parameters, partial blocks, decorators, a block of a helper of ours): such a set is rendered by
 * handlebars, as before. Each construct below follows handlebars 4.7's compiler and runtime, which are
 * cited where the behaviour is not obvious; test/render-html/template-compiler.test.ts holds the two to
 * the same output on generated templates and data.
 */

/** A template as `Handlebars.parse` gives it (whitespace control applied), or as JSON of that. */
export type TemplateAst = hbs.AST.Program;

/** A helper of ours: called with its parameters and an options object last, as handlebars calls it. */
export type Helper = (...args: unknown[]) => unknown;

export type { CompiledTemplates, Render } from "./template-runtime.js";

type Value = (context: unknown) => unknown;

/** Thrown while compiling for what the closures do not support; the set then goes to handlebars. */
class Unsupported extends Error {}

const { escapeExpression, isEmpty, extend } = Handlebars.Utils;
const BLOCK_HELPERS = new Set(["if", "unless", "with", "each"]);
/** Handlebars' own helpers: as mustaches (`{{if}}`, `{{log x}}`) they are calls, which only `lookup` is here. */
const BUILTIN_HELPERS = new Set([...BLOCK_HELPERS, "lookup", "log", "helperMissing", "blockHelperMissing"]);

/** A path read from the context: `a.b.c` stops at the first null or undefined and gives it. */
function pathValue(path: hbs.AST.PathExpression): Value {
  if (path.data || path.depth !== 0) throw new Unsupported(`path ${path.original}`);
  const parts = path.parts;
  // `[]` is an empty segment, which handlebars' compiler reads as the context itself.
  if (parts.includes("")) throw new Unsupported(`path ${path.original}`);
  if (parts.length === 0) return (context) => context;
  if (parts.length === 1) {
    const [name] = parts as [string];
    return (context) => (context != null ? lookupProperty(context, name) : context);
  }
  return (context) => {
    let value = context;
    for (const name of parts) {
      if (value == null) return value;
      value = lookupProperty(value, name);
    }
    return value;
  };
}

/**
 * A hash as the object handlebars builds of it: pairs assigned last first (its compiler assigns them from
 * the end). It shows: a partial's context is a copy with the pairs added, and `{{#each}}` over it meets
 * the keys in that order.
 */
function hashObject(hash: hbs.AST.Hash, compile: (expression: hbs.AST.Expression) => Value) {
  // Handlebars' compiler drops a `__proto__=` pair; an object built from it here would get a prototype.
  if (hash.pairs.some((pair) => pair.key === "__proto__")) throw new Unsupported("a __proto__ pair");
  const pairs = hash.pairs.map((pair) => [pair.key, compile(pair.value)] as const).reverse();
  return (context: unknown): Record<string, unknown> =>
    Object.fromEntries(pairs.map(([key, value]) => [key, value(context)]));
}

/** Handlebars' `simpleId`: one part, not `this.x` or `./x`, not `../x`: a name a helper can have. */
function isSimpleId(path: hbs.AST.PathExpression): boolean {
  return path.parts.length === 1 && !/^\.|this\b/.test(path.original) && !path.depth;
}

class Compiler {
  constructor(
    private readonly helpers: Readonly<Record<string, Helper>>,
    private readonly partials: CompiledTemplates,
  ) {}

  program(program: hbs.AST.Program | undefined): Render {
    if (program === undefined) return () => "";
    if ((program.blockParams?.length ?? 0) > 0) throw new Unsupported("block parameters");
    const pieces: Piece[] = [];
    for (const statement of program.body) {
      for (const piece of this.statement(statement)) {
        const last = pieces.length - 1;
        if (typeof piece === "string" && typeof pieces[last] === "string") pieces[last] += piece;
        else pieces.push(piece);
      }
    }
    return joinPieces(pieces);
  }

  private statement(statement: hbs.AST.Statement): Piece[] {
    switch (statement.type) {
      case "ContentStatement": {
        const { value } = statement as hbs.AST.ContentStatement;
        return value === "" ? [] : [value];
      }
      case "CommentStatement":
        return [];
      case "MustacheStatement":
        return [this.mustache(statement as hbs.AST.MustacheStatement)];
      case "BlockStatement":
        return [this.block(statement as hbs.AST.BlockStatement)];
      case "PartialStatement":
        return this.partial(statement as hbs.AST.PartialStatement);
      default:
        throw new Unsupported(statement.type);
    }
  }

  /** `{{x}}` escaped, `{{{x}}}` as it is; a path is called when it holds a function (a "lambda"). */
  private mustache(mustache: hbs.AST.MustacheStatement): Render {
    if (mustache.path.type !== "PathExpression") throw new Unsupported("a literal mustache");
    const path = mustache.path as hbs.AST.PathExpression;
    const helperCall = mustache.params.length > 0 || mustache.hash !== undefined;
    const name = isSimpleId(path) ? (path.parts[0] as string) : undefined;
    const known = name !== undefined && (Object.hasOwn(this.helpers, name) || BUILTIN_HELPERS.has(name));
    let value: Value;
    if (helperCall || known) {
      value = this.helperCall(path, mustache.params, mustache.hash);
    } else {
      const read = pathValue(path);
      value = (context) => {
        const found = read(context);
        return typeof found === "function" ? found.call(context) : found;
      };
    }
    // `{{{x}}}` appends x unless it is null or undefined; the join turns it into text as `+` does.
    return mustache.escaped
      ? (context) => escapeExpression(value(context) as string)
      : (context) => {
          const found = value(context);
          return (found != null ? found : "") as string;
        };
  }

  /** A known helper called with its parameters and an options object, as handlebars calls it. */
  private helperCall(path: hbs.AST.PathExpression, params: hbs.AST.Expression[], hash?: hbs.AST.Hash): Value {
    const name = isSimpleId(path) ? (path.parts[0] as string) : undefined;
    if (name === "lookup") {
      if (params.length !== 2 || hash !== undefined) throw new Unsupported("lookup's parameters");
      const [object, field] = params.map((param) => this.expression(param)) as [Value, Value];
      // handlebars' lookup: a falsy object is given back as it is ("obj == null" only from 5.0).
      return (context) => {
        const found = object(context);
        return found ? lookupProperty(found, field(context) as string) : found;
      };
    }
    if (name === undefined || !Object.hasOwn(this.helpers, name)) {
      throw new Unsupported(`helper ${path.original}`);
    }
    const helper = this.helpers[name] as Helper;
    const values = params.map((param) => this.expression(param));
    const options = this.hashOptions(name, hash);
    // The page's calls have one to three parameters: those are called without building an array.
    const [a, b, c] = values as [Value, Value, Value];
    switch (values.length) {
      case 1:
        return (context) => helper.call(self(context), a(context), options(context));
      case 2:
        return (context) => helper.call(self(context), a(context), b(context), options(context));
      case 3:
        return (context) => helper.call(self(context), a(context), b(context), c(context), options(context));
      default:
        return (context) => {
          const args = values.map((value) => value(context));
          args.push(options(context));
          return helper.apply(self(context), args);
        };
    }
  }

  /**
   * The options object a helper gets last: its name and hash (no `data`: templates compile without).
   * Without a hash, one object per call site: the helpers a template can call (HELPER_NAMES) never
   * touch their options, and a fresh one per call was a tenth of the templates' time.
   */
  private hashOptions(name: string, hash: hbs.AST.Hash | undefined): (context: unknown) => object {
    if (hash === undefined) {
      const options = { name, hash: {} };
      return () => options;
    }
    const object = hashObject(hash, (expression) => this.expression(expression));
    return (context) => ({ name, hash: object(context) });
  }

  private expression(expression: hbs.AST.Expression): Value {
    switch (expression.type) {
      case "PathExpression":
        return pathValue(expression as hbs.AST.PathExpression);
      case "SubExpression": {
        const sub = expression as hbs.AST.SubExpression;
        if (sub.path.type !== "PathExpression") throw new Unsupported("a literal sub-expression");
        return this.helperCall(sub.path as hbs.AST.PathExpression, sub.params, sub.hash);
      }
      case "NumberLiteral":
        // A literal past the largest number is Infinity, which a stored (JSON) parse holds as null.
        if (typeof (expression as hbs.AST.NumberLiteral).value !== "number") {
          throw new Unsupported("a number JSON cannot hold");
        }
        return this.literal(expression as hbs.AST.NumberLiteral);
      case "StringLiteral":
      case "BooleanLiteral": {
        return this.literal(expression as hbs.AST.StringLiteral | hbs.AST.BooleanLiteral);
      }
      case "UndefinedLiteral":
        return () => undefined;
      case "NullLiteral":
        return () => null;
      default:
        throw new Unsupported(expression.type);
    }
  }

  private literal({ value }: hbs.AST.StringLiteral | hbs.AST.NumberLiteral | hbs.AST.BooleanLiteral): Value {
    return () => value;
  }

  /** `if`, `unless`, `with` and `each`, as handlebars' own helpers of those names behave. */
  private block(block: hbs.AST.BlockStatement): Render {
    if (block.path.type !== "PathExpression") throw new Unsupported("a literal block");
    const path = block.path as hbs.AST.PathExpression;
    const name = path.parts[0] as string;
    if (!isSimpleId(path) || !BLOCK_HELPERS.has(name)) throw new Unsupported(`block ${path.original}`);
    if (block.params.length !== 1) throw new Unsupported(`#${name} without exactly one parameter`);
    const hashKeys = block.hash?.pairs.map((pair) => pair.key) ?? [];
    if (
      hashKeys.some((key) => key !== "includeZero") ||
      (hashKeys.length > 0 && name !== "if" && name !== "unless")
    ) {
      throw new Unsupported(`#${name}'s hash`);
    }
    const includeZero =
      block.hash?.pairs[0] === undefined ? undefined : this.expression(block.hash.pairs[0].value);
    const parameter = this.expression(block.params[0] as hbs.AST.Expression);
    const fn = this.program(block.program);
    const inverse = this.program(block.inverse);
    const value = (context: unknown) => {
      const found = parameter(context);
      return typeof found === "function" ? found.call(self(context)) : found;
    };
    switch (name) {
      case "if":
      case "unless": {
        const [whenTrue, whenFalse] = name === "if" ? [fn, inverse] : [inverse, fn];
        return (context) => {
          const found = value(context);
          const zeroCounts = includeZero?.(context);
          const falsy = (!zeroCounts && !found) || isEmpty(found);
          return falsy ? whenFalse(self(context)) : whenTrue(self(context));
        };
      }
      case "with":
        return (context) => {
          const found = value(context);
          return isEmpty(found) ? inverse(self(context)) : fn(found);
        };
      default:
        return (context) => {
          const { out, count } = eachOf(value(context), fn);
          return count === 0 ? inverse(self(context)) : out;
        };
    }
  }

  /**
   * `{{> name}}`, `{{> name context key=value}}`, `{{> (lookup . "partial") context}}`. A standalone
   * partial's indent is written before it (`preventIndent`), not before each of its lines.
   */
  private partial(partial: hbs.AST.PartialStatement): Piece[] {
    if ((partial as { program?: unknown }).program !== undefined) throw new Unsupported("a partial block");
    if (partial.params.length > 1) throw new Unsupported("a partial with two contexts");
    const context =
      partial.params[0] === undefined ? (given: unknown) => given : this.expression(partial.params[0]);
    const hash = partial.hash && hashObject(partial.hash, (expression) => this.expression(expression));
    const partials = this.partials;
    // The name first, then the context, then the hash, then the partial looked up: handlebars' order,
    // which decides which error a template with two faults throws.
    const dynamic = partial.name.type === "SubExpression";
    const fixed = String((partial.name as hbs.AST.PathExpression).original);
    const name: Value = dynamic ? this.expression(partial.name) : () => fixed;
    const call: Render = (given) => {
      const found = name(given);
      let target = context(given);
      // With a hash, the partial's context is a copy of the context with the hash's pairs added.
      if (hash !== undefined) {
        target = extend({}, target as object, hash(given));
      }
      if (typeof found === "function") {
        // A dynamic name that is a function is the partial itself (the page's data holds none).
        const out = found(target, {});
        if (out == null) {
          throw new Handlebars.Exception(
            "The partial undefined returned no output: partials must return a string",
          );
        }
        return out;
      }
      // A falsy dynamic name is looked up as "undefined", as handlebars looks it up.
      const key = dynamic && !found ? "undefined" : String(found);
      const render = partialNamed(partials, key, !dynamic);
      if (render === undefined) throw new Handlebars.Exception(`The partial ${key} could not be found`);
      return render(target);
    };
    const indent = (partial as { indent?: string }).indent ?? "";
    return indent === "" ? [call] : [indent, call];
  }
}

/**
 * The templates (name -> parsed template) as closures, or undefined when one of them uses something
 * the closures do not support (see the top of this file). Partials are found by name when called, in
 * the returned map, so a caller may replace one (the page's `transcript`, see templates.ts).
 */
export function compileTemplates(
  templates: ReadonlyMap<string, TemplateAst>,
  helpers: Readonly<Record<string, Helper>>,
): CompiledTemplates | undefined {
  const compiled: CompiledTemplates = new Map();
  const compiler = new Compiler(helpers, compiled);
  try {
    for (const [name, ast] of templates) {
      const render = compiler.program(ast);
      // handlebars' template function returns `'' + main(...)`.
      // biome-ignore lint/style/useTemplate: a template literal would convert an object differently.
      compiled.set(name, (context) => "" + render(context));
    }
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return compiled;
}

/** A template's parse, as `compileTemplates` takes it, without source locations (for storing it). */
export function parseTemplate(source: string): TemplateAst {
  return JSON.parse(
    JSON.stringify(fullHandlebars().parse(source), (key, value) => (key === "loc" ? undefined : value)),
  );
}
