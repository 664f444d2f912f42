import type Handlebars from "handlebars";
import {
  firstLine,
  formatCost,
  formatCostWithUnpriced,
  formatInteger,
  formatTokens,
} from "../../view/format.js";

/** A helper: called with its parameters and handlebars' options object last, as handlebars calls it. */
export type Helper = (...args: unknown[]) => unknown;

/** The helpers every template can call besides handlebars' own: the same for every format. */
export const HELPER_NAMES = [
  "tokens",
  "int",
  "cost",
  "costu",
  "eq",
  "gt",
  "plural",
  "join",
  "firstLine",
] as const;

/** Handlebars' own helpers, which every template can call too. */
export const BUILTIN_HELPER_NAMES = ["if", "unless", "each", "with", "lookup", "log"] as const;

/** The helpers of HELPER_NAMES, as handlebars has them registered. */
export const TEMPLATE_HELPERS: Readonly<Record<(typeof HELPER_NAMES)[number], Helper>> = {
  tokens: (value: unknown) => formatTokens(Number(value) || 0),
  int: (value: unknown) => formatInteger(Number(value) || 0),
  cost: (value: unknown) => formatCost(Number(value) || 0),
  // costu cost unpricedTokens [unrecordedTurns]: handlebars passes its options object last, never a number.
  costu: (cost: unknown, unpriced: unknown, unrecorded: unknown) =>
    formatCostWithUnpriced(
      Number(cost) || 0,
      Number(unpriced) || 0,
      typeof unrecorded === "number" ? unrecorded : 0,
    ),
  eq: (a: unknown, b: unknown) => a === b,
  gt: (a: unknown, b: unknown) => Number(a) > Number(b),
  plural: (count: unknown, one: unknown, many: unknown) =>
    `${formatInteger(Number(count) || 0)} ${Number(count) === 1 ? String(one) : String(many)}`,
  join: (list: unknown, separator: unknown) =>
    Array.isArray(list) ? list.join(typeof separator === "string" ? separator : ", ") : "",
  firstLine: (text: unknown, max: unknown) => firstLine(String(text ?? ""), Number(max) || 80),
};

/** Registers HELPER_NAMES on a handlebars instance (the full one or its runtime). */
export function registerTemplateHelpers(handlebars: Pick<typeof Handlebars, "registerHelper">): void {
  for (const name of HELPER_NAMES)
    handlebars.registerHelper(name, TEMPLATE_HELPERS[name] as Handlebars.HelperDelegate);
}

/**
 * How every template is compiled: declaring the helpers (and only them: a template folder cannot add any)
 * lets handlebars call them directly instead of probing the context first, and makes a call of one that
 * does not exist fail when the template is compiled rather than deep inside a report.
 */
export const KNOWN_HELPERS: Readonly<{ knownHelpers: Record<string, true>; knownHelpersOnly: true }> = {
  knownHelpers: Object.fromEntries(HELPER_NAMES.map((name) => [name, true as const])),
  knownHelpersOnly: true,
};
