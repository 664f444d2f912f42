// The shape generator: cases built from cells (a secret word in a context, a cookie context, a tool's
// password flag, a provider's token at a length), each a line with a secret to remove and parts to keep, or
// a line with a value that is no secret (it must come out unchanged).
//
// A fifth of the cells is set aside (HELD_OUT, chosen by a salted hash fixed before detection was tuned):
// the tests that drove development never draw from them; held-out.test.ts measures on them alone.
import fc from "fast-check";
import { COOKIE_CONTEXTS, COOKIE_NAMES, NAMED_CONTEXTS, type Placed, TOOL_LINES } from "./contexts.js";
import { PROVIDER_SHAPES, providerToken, VARIANTS } from "./providers.js";
import { CORES, NOT_SECRET_VALUES, nameArbitrary, PROSE_VALUES, secretArbitrary } from "./vocabulary.js";

/** One generated line: `secret` must be gone from it (null: nothing may change), `keep` must stay. */
export interface ShapeCase extends Placed {
  cell: string;
  secret: string | null;
}

/** Salt of the held-out split: drawn once (2026-12-02, /dev/urandom) before any detector was changed. */
const SALT = "8dad113c";

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Whether a cell is set aside for the final measurement. */
export const isHeldOut = (cell: string): boolean => fnv1a(`${SALT}|${cell}`) % 5 === 0;

/** Every cell of the generator's space, by family. */
export const CELLS = {
  named: Object.keys(CORES).flatMap((core) =>
    Object.keys(NAMED_CONTEXTS).map((ctx) => `named|${core}|${ctx}`),
  ),
  cookie: Object.keys(COOKIE_CONTEXTS).flatMap((ctx) => COOKIE_NAMES.map((name) => `cookie|${ctx}|${name}`)),
  tool: Object.keys(TOOL_LINES).map((tool) => `tool|${tool}`),
  provider: Object.keys(PROVIDER_SHAPES).flatMap((p) =>
    Object.keys(VARIANTS).map((v) => `provider|${p}|${v}`),
  ),
  notSecret: [
    ...NOT_SECRET_VALUES.keys(),
    ...PROSE_VALUES.map((_, i) => i + NOT_SECRET_VALUES.length),
  ].flatMap((value) => Object.keys(NAMED_CONTEXTS).map((ctx) => `not|${value}|${ctx}`)),
} as const;

/** The case a cell draws: its line, from a name, a value or a token the arbitraries choose. */
export function caseOf(cell: string): fc.Arbitrary<ShapeCase> {
  const [family, a = "", b = "", c = ""] = cell.split("|");
  switch (family) {
    case "named": {
      const ctx = NAMED_CONTEXTS[b];
      if (ctx === undefined) break;
      // Keys and tokens never hold a space; passwords and secrets may.
      const spaced = !(CORES[a] ?? []).some((word) =>
        /key|token|sk|sig|jwt|bearer|cookie|session/.test(word),
      );
      return fc.tuple(nameArbitrary(a, ctx.styles), secretArbitrary(ctx.alphabet)).map(([name, value]) => {
        const secret = spaced ? value : value.replace(/ /g, "");
        return { cell, secret, ...ctx.write(name, secret) };
      });
    }
    case "cookie": {
      const write = COOKIE_CONTEXTS[a];
      if (write === undefined) break;
      return secretArbitrary("base64url").map((secret) => ({ cell, secret, ...write(b, secret) }));
    }
    case "tool": {
      const line = TOOL_LINES[a];
      if (line === undefined) break;
      return secretArbitrary("base64url").map((secret) => {
        const [before = "", after = ""] = line.split("{}");
        return { cell, secret, text: before + secret + after, keep: [before.slice(0, 12), after] };
      });
    }
    case "provider":
      return fc
        .tuple(
          providerToken(a, b),
          fc.constantFrom("output:\n{}\n", "token is {} (rotated)", "`{}`", '"{}",'),
        )
        .map(([secret, line]) => {
          const [before = "", after = ""] = line.split("{}");
          return {
            cell,
            secret,
            text: before + secret + after,
            keep: [before, after].filter((s) => s !== ""),
          };
        });
    case "not": {
      const ctx = NAMED_CONTEXTS[b];
      const index = Number(a);
      const value =
        index < NOT_SECRET_VALUES.length
          ? NOT_SECRET_VALUES[index]
          : PROSE_VALUES[index - NOT_SECRET_VALUES.length];
      if (ctx === undefined || value === undefined) break;
      const core = fc.constantFrom(...Object.keys(CORES));
      return core
        .chain((name) => nameArbitrary(name, ctx.styles))
        .map((name) => ({ cell, secret: null, ...ctx.write(name, value) }));
    }
  }
  throw new Error(`unknown cell ${cell} (${c})`);
}

/** The cells a value with spaces cannot stand in (prose in a bare shell word is no line anyone writes). */
export function fits(cell: string): boolean {
  const [family, value = "", ctx = ""] = cell.split("|");
  if (family !== "not") return true;
  const text =
    NOT_SECRET_VALUES[Number(value)] ?? PROSE_VALUES[Number(value) - NOT_SECRET_VALUES.length] ?? "";
  return !/\s/.test(text) || NAMED_CONTEXTS[ctx]?.spaces === true;
}

/** Cases of the given cells, each cell equally likely. */
export function casesFrom(cells: readonly string[]): fc.Arbitrary<ShapeCase> {
  return fc.constantFrom(...cells).chain(caseOf);
}

/** The cells development may draw from: all but the held-out ones. */
export const DEVELOPMENT_CELLS = Object.values(CELLS)
  .flat()
  .filter((cell) => fits(cell) && !isHeldOut(cell));

/** The held-out cells. */
export const HELD_OUT_CELLS = Object.values(CELLS)
  .flat()
  .filter((cell) => fits(cell) && isHeldOut(cell));
