import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CostsJson } from "../../src/costs/costs-json.js";
import { type CostsOptions, runCosts } from "../../src/costs/run-costs.js";
import { FIXTURES } from "../helpers/paths.js";

/** fixtures/costs (fixtures/README.md): two projects, two months, a fork, a sub-agent run, an unpriced model. */
export const COSTS_FOLDER = join(FIXTURES, "costs");

/** A copy of fixtures/costs to change or to archive beside, and an empty cache folder of its own. */
export function costsFolderCopy(): { folder: string; cache: string } {
  const dir = mkdtempSync(join(tmpdir(), "pi-costs-"));
  cpSync(COSTS_FOLDER, join(dir, "sessions"), { recursive: true });
  return { folder: join(dir, "sessions"), cache: join(dir, "cache") };
}

/** `runCosts` in this thread, its cache in a fresh folder unless `env` names one, warnings collected. */
export async function costs(
  options: Partial<CostsOptions> & { by?: CostsOptions["by"] },
  stderr: string[] = [],
): Promise<CostsJson> {
  const env = options.env ?? { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "pi-costs-cache-")) };
  return runCosts({
    folder: COSTS_FOLDER,
    by: "day",
    timeZone: "UTC",
    workers: 0,
    site: null,
    ...options,
    env,
    stderr: { write: (text: string) => stderr.push(text) },
  });
}

/** Dollars to the nanodollar, as the archive rounds them: sums of floats compare exactly so. */
export const dollars = (value: number): number => Math.round(value * 1e9) / 1e9;
