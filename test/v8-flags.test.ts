/**
 * The command tunes V8 at run time (src/speed/machinery/tier-up.ts, src/cli/heap-growth.ts).
 * `setFlagsFromString` takes any string and, for a flag the running V8 does not know, prints "Error:
 * unrecognized flag" on stderr for every report: Node 22 and 24 dropped `--interrupt-budget`. These tests
 * hold the flags to the engines.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { MARKDOWN_HEAP_GROWING_PERCENT } from "../src/cli/heap-growth.js";
import { batchTierUpFlags } from "../src/speed/machinery/tier-up.js";

/** The names of the flags the running V8 knows, from `node --v8-options` ("  --name (description)"). */
function knownFlags(): Set<string> {
  const listing = execFileSync(process.execPath, ["--v8-options"], { encoding: "utf8" });
  return new Set([...listing.matchAll(/^ {2}--([a-z0-9-]+) /gm)].map((match) => match[1] as string));
}

const flagName = (flag: string) => (/^--([a-z0-9-]+)=/.exec(flag) as RegExpExecArray)[1] as string;

describe("the V8 flags the command sets", () => {
  it("are the measured budgets on Node 20's V8 (11.3), and none on V8 12 (Node 22) or 13 (Node 24)", () => {
    expect(batchTierUpFlags("11.3.244.8-node.19")).toEqual([
      "--interrupt-budget=500000",
      "--max-inlined-bytecode-size-cumulative=460",
      "--max-inlined-bytecode-size=230",
    ]);
    expect(batchTierUpFlags("12.4.254.21-node.57")).toEqual([]);
    expect(batchTierUpFlags("13.6.233.17-node.63")).toEqual([]);
    // A later 11.x is not the engine measured either.
    expect(batchTierUpFlags("11.8.172.17-node.15")).toEqual([]);
  });

  it("are all known to the V8 running the tests", () => {
    const known = knownFlags();
    // The listing parsed: flags every V8 since 2016 has.
    expect(known.has("max-old-space-size")).toBe(true);
    const flags = batchTierUpFlags(process.versions.v8);
    expect(flags.map(flagName).filter((name) => !known.has(name))).toEqual([]);
    // A Markdown report bounds the heap's growth on every engine (src/cli/heap-growth.ts).
    expect(known.has("heap-growing-percent")).toBe(true);
    expect(MARKDOWN_HEAP_GROWING_PERCENT).toBeGreaterThan(0);
  });
});
