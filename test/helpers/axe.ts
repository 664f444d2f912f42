/// <reference lib="dom" />
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

/** axe-core's browser bundle, evaluated in the page (not a script tag: the report's CSP forbids those). */
const AXE_SOURCE = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

/** One rule axe found broken: its id, what it asks, and the first few places, each with why. */
export interface AxeViolation {
  rule: string;
  help: string;
  count: number;
  nodes: string[];
}

/**
 * What axe-core finds wrong with the page as it is now, by its default rules (WCAG 2.x A and AA, and
 * its best practices): one entry per broken rule, its first five nodes as `selector: why`. Only
 * violations are asked for, so that axe does not describe every node that passes.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ["violations"] };
  const results = (await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<unknown> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  )) as AxeResults;
  return results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    count: violation.nodes.length,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").trim()}`),
  }));
}

/**
 * The themes and widths every page is checked in: a desktop and a phone (390 px: an iPhone's width),
 * light and dark, ordered so that each step changes one thing.
 */
export const PAGE_STATES = [
  { colorScheme: "light", width: 1280, name: "light, 1280 px" },
  { colorScheme: "dark", width: 1280, name: "dark, 1280 px" },
  { colorScheme: "dark", width: 390, name: "dark, 390 px" },
  { colorScheme: "light", width: 390, name: "light, 390 px" },
] as const;

/** Cases for `it.each`, each named by its `name` (`%s`), without the quotes vitest puts around `$name`. */
export function named<Case extends { name: string }>(cases: readonly Case[]): [string, Case][] {
  return cases.map((item) => [item.name, item]);
}
