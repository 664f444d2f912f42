import Handlebars from "handlebars/runtime.js";

/**
 * The rules of handlebars' runtime that the page's template closures (template-compiler.ts) follow at
 * render time: how a property is read (and when reading one is reported), what blocks get as `this` for
 * a null context, how a program's pieces join, how a partial is found and how `{{#each}}` walks a value.
 * Each is handlebars 4.7's, as test/render-html/template-compiler.test.ts holds them.
 */

/** A compiled template: the context in, the text out. */
export type Render = (context: unknown) => string;

/** The compiled set: every template by name; a partial is looked up here when it is called. */
export type CompiledTemplates = Map<string, Render>;

/** A piece of a program: fixed text, or what a statement renders in a context. */
export type Piece = string | Render;

/** What handlebars passes to block helpers as `this` when the context is null or undefined. */
export const NULL_CONTEXT = Object.seal({});

/** What a helper or a block gets as `this` in a context: the context, or `NULL_CONTEXT` for none. */
export function self(context: unknown): unknown {
  return context != null ? context : NULL_CONTEXT;
}

const loggedProperties = new Set<string>();

/**
 * handlebars' `lookupProperty`: own properties only (and never a prototype's own `constructor`); a
 * property found on the prototype is denied and reported once, as handlebars reports it.
 */
export function lookupProperty(parent: unknown, name: string): unknown {
  const result = (parent as Record<string, unknown>)[name];
  if (result == null) return result;
  if (
    Object.hasOwn(parent as object, name) &&
    !(name === "constructor" && typeof result === "function" && parent === result.prototype)
  ) {
    return result;
  }
  logDenied(name, result);
  return undefined;
}

/**
 * Names handlebars denies without a word (its whitelists name them, as false): `__proto__` among
 * properties, `constructor` and the legacy accessor methods among functions.
 */
const QUIETLY_DENIED_PROPERTIES = new Set(["__proto__"]);
const QUIETLY_DENIED_METHODS = new Set([
  "constructor",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
]);

/** Reports a denied property once per name, as handlebars does. */
export function logDenied(name: string, result: unknown): void {
  const quiet = typeof result === "function" ? QUIETLY_DENIED_METHODS : QUIETLY_DENIED_PROPERTIES;
  if (!quiet.has(name) && !loggedProperties.has(name)) {
    loggedProperties.add(name);
    // Level 3 is handlebars' "error".
    Handlebars.log(
      3,
      `Handlebars: Access has been denied to resolve the property "${name}" because it is not an "own property" of its parent.\n` +
        "You can add a runtime option to disable the check or this warning:\n" +
        "See https://handlebarsjs.com/api-reference/runtime-options.html#options-to-control-prototype-access for details",
    );
  }
}

/**
 * A program's pieces as one function, joined the way handlebars' compiled code joins them: `a + b + c`,
 * left to right. A raw `{{{x}}}` piece gives x itself, so two numbers first add up, there as here.
 */
export function joinPieces(pieces: readonly Piece[]): Render {
  const parts = pieces.map((piece) => (typeof piece === "string" ? () => piece : piece));
  switch (parts.length) {
    case 0:
      return () => "";
    case 1:
      return parts[0] as Render;
    case 2: {
      const [a, b] = parts as [Render, Render];
      return (context) => a(context) + b(context);
    }
    case 3: {
      const [a, b, c] = parts as [Render, Render, Render];
      return (context) => a(context) + b(context) + c(context);
    }
    default: {
      const [first, ...rest] = parts as [Render, ...Render[]];
      return (context) => {
        let out = first(context);
        for (const part of rest) out = out + part(context);
        return out;
      };
    }
  }
}

/**
 * The partial of that name. Templates whose key starts with "/" (the page) are not partials: partial
 * names come from file names, which hold no "/". A static name that is a property of every object
 * (`toString`) is reported as handlebars reports it, since it reads partials as an object's properties.
 */
export function partialNamed(
  partials: CompiledTemplates,
  name: string,
  reported: boolean,
): Render | undefined {
  const render = name.startsWith("/") ? undefined : partials.get(name);
  if (render === undefined && reported && name in Object.prototype) {
    logDenied(name, (Object.prototype as Record<string, unknown>)[name]);
  }
  return render;
}

/**
 * `{{#each}}` over a value, as handlebars' helper walks it: an array by index up to its length when the
 * walk began (holes skipped but counted), anything with an iterator by that, another object by its own
 * keys; anything else not at all. `count` 0 means the block's `else` renders.
 */
export function eachOf(found: unknown, fn: Render): { out: string; count: number } {
  let out = "";
  let count = 0;
  if (found && typeof found === "object") {
    if (Array.isArray(found)) {
      for (const length = found.length; count < length; count += 1) {
        if (count in found) out += fn(found[count]);
      }
    } else if ((found as { [Symbol.iterator]?: unknown })[Symbol.iterator]) {
      for (const item of found as Iterable<unknown>) {
        out += fn(item);
        count += 1;
      }
    } else {
      for (const key of Object.keys(found)) {
        out += fn((found as Record<string, unknown>)[key]);
        count += 1;
      }
    }
  }
  return { out, count };
}
