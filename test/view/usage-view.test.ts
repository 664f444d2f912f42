/**
 * "What Pi shows": Pi's footer sums the cost of every assistant reply on a line its reader can parse. Worked
 * out by hand for a file with one reply on each kind of line.
 */
import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes } from "../../src/index.js";
import { usageView } from "../../src/view/usage-view.js";

const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/w"}';

function reply(id: string, parentId: string | null, cost: unknown, text = "ok"): string {
  return JSON.stringify({
    type: "message",
    id,
    parentId,
    timestamp: "2025-01-01T00:00:01.000Z",
    message: {
      role: "assistant",
      content: [{ type: "text", text }],
      provider: "p",
      model: "m",
      usage: {
        input: 10,
        output: 10,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 20,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
      },
      stopReason: "stop",
      timestamp: 1735689601000,
    },
  });
}

describe("what Pi shows", () => {
  it("counts a line of bad UTF-8 (Pi reads it too), not replies glued together or on a cut-off line", () => {
    const [before, after] = reply("b", "a", 0.01, "caf\u00e9").split("\u00e9") as [string, string];
    const bytes = Buffer.concat([
      Buffer.from(`${HEADER}\n${reply("a", null, 0.04)}\n`),
      // Line 3: a Latin-1 é, which is not UTF-8: Node gives Pi and us U+FFFD, and the line parses.
      Buffer.from(before),
      Buffer.from([0xe9]),
      Buffer.from(`${after}\n`),
      // Line 4: two replies glued together: Pi's JSON.parse fails on the line and drops both.
      Buffer.from(`${reply("c", "b", 0.02)}${reply("d", "c", 0.03)}\n`),
    ]);
    const view = usageView(analyzeSession(parseSessionBytes(bytes, "pi-figure")));
    // Pi: $0.04 (line 2) + $0.01 (line 3). This report: all four, $0.10.
    expect(view.pi.cost).toBeCloseTo(0.05, 9);
    expect(view.comparison).toBe(
      "Pi shows $0.050; this report's $0.100 adds $0.050 (40 tokens) of usage on line 4, which Pi's reader skips as not JSON (this report mends it).",
    );
  });
});

describe("what Pi shows, when the stored costs are not what its sum expects", () => {
  const analyze = (lines: string[]) =>
    usageView(analyzeSession(parseSessionBytes(Buffer.from(`${[HEADER, ...lines].join("\n")}\n`), "odd")));

  it("a cost stored as text makes Pi's sum text: no figure, and the report says why", () => {
    const view = analyze([reply("a", null, 0.04), reply("b", "a", "0.01")]);
    expect(view.pi.cost).toBeNull();
    expect(view.pi.display).toBe("no figure");
    // 0 + 0.04 + "0.01" is the text "0.040.01"; this report reads "0.01" as 0: $0.040, and the reply's 20
    // tokens as unpriced.
    expect(view.comparison).toBe(
      'Pi\'s footer shows no cost for this file: its sum is text, from the cost stored on line 3 ("0.01"). This report counts $0.040, reading every cost it cannot use as 0 and listing it among the problems.',
    );
  });

  it("a negative cost is added by Pi as it is; the report says so apart from damage", () => {
    const view = analyze([reply("a", null, 0.04), reply("b", "a", -3)]);
    // Pi: 0.04 - 3 = -2.96, printed as Pi 1.6's footer does: "$" + cost.toFixed(3); this report: $0.040
    // (the negative cost read as 0).
    expect(view.pi.cost).toBeCloseTo(-2.96, 9);
    expect(view.pi.display).toBe("$-2.960");
    expect(view.comparison).toBe(
      "Pi shows $-2.960; this report counts $0.040. Pi's figure also adds -$3.00 of negative costs stored in the file, which this report reads as 0.",
    );
  });

  it("a file whose first line is not its header shows nothing in Pi (it reads none of its entries)", () => {
    // The header on line 3, after two replies: Pi's reader takes the first line for the header, finds none.
    const lines = [reply("a", null, 0.04), reply("b", "a", 0.01)];
    const moved = usageView(
      analyzeSession(parseSessionBytes(Buffer.from(`${[...lines, HEADER].join("\n")}\n`), "moved")),
    );
    expect(moved.pi.cost).toBeNull();
    expect(moved.pi.tokens).toBeNull();
    expect(moved.comparison).toMatch(
      /^Pi's footer shows no cost for this file: the first line Pi can parse is not the session header, so Pi 1.6 does not open it/,
    );
    // The same lines after the header: Pi's $0.050.
    expect(analyze(lines).pi.cost).toBeCloseTo(0.05, 9);
  });

  it("a reply without usage makes Pi 1.6's footer fail: it shows nothing, no cost and no tokens", () => {
    const bare = JSON.stringify({
      type: "message",
      id: "b",
      parentId: "a",
      timestamp: "2025-01-01T00:00:02.000Z",
      message: { role: "assistant", content: [{ type: "text", text: "x" }], timestamp: 1 },
    });
    const view = analyze([reply("a", null, 0.04), bare]);
    expect(view.pi.cost).toBeNull();
    expect(view.pi.tokens).toBeNull();
    expect(view.pi.tokensDisplay).toBe("no token count");
    expect(view.comparison).toMatch(
      /^Pi's footer shows no cost for this file: the reply on line 3 stores no usage, and Pi's footer fails on it/,
    );
  });
});

describe("what Pi shows for a file whose replies recorded no cost", () => {
  const analyze = (...lines: string[]) =>
    usageView(analyzeSession(parseSessionBytes(Buffer.from([HEADER, ...lines].join("\n")), "unpriced")));

  it("says Pi's footer shows no cost (it leaves a sum of 0 out), not that Pi shows $0", () => {
    const view = analyze(reply("a", null, 0), reply("b", "a", 0));
    expect(view.pi.display).toBe("no cost");
    expect(view.comparison).toBe(
      "Pi's footer shows no cost: the usage it reads recorded none, and it leaves a cost of 0 out. 40 tokens recorded no cost and are counted as unpriced, not free.",
    );
  });

  it("still shows a sum that is not 0", () => {
    expect(analyze(reply("a", null, 0.01), reply("b", "a", 0)).pi.display).toBe("$0.010");
  });
});

describe("what Pi 1.6 shows: its footer adds every usage record, not only replies", () => {
  const usage = (input: number, output: number, cost: number) => ({
    input,
    output,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: input + output,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
  });
  const entry = (id: string, parentId: string, body: object) =>
    JSON.stringify({ id, parentId, timestamp: "2025-01-01T00:00:02.000Z", ...body });

  it("usage entries, tool-result usage and compaction usage count as in footer.js getSessionStats", () => {
    const lines = [
      reply("a", null, 0.01),
      entry("b", "a", {
        type: "usage",
        kind: "cache_warm",
        provider: "p",
        model: "m",
        usage: usage(10, 10, 0.002),
      }),
      entry("c", "b", {
        type: "message",
        message: {
          role: "toolResult",
          toolCallId: "t",
          toolName: "ask",
          content: [{ type: "text", text: "ok" }],
          isError: false,
          timestamp: 1,
          usage: usage(40, 10, 0.003),
        },
      }),
      entry("d", "c", {
        type: "compaction",
        summary: "s",
        firstKeptEntryId: "c",
        tokensBefore: 100,
        usage: usage(3000, 200, 0.02),
      }),
    ];
    const view = usageView(
      analyzeSession(parseSessionBytes(Buffer.from(`${[HEADER, ...lines].join("\n")}\n`), "sources")),
    );
    // By hand: $0.01 + $0.002 + $0.003 + $0.02 = $0.035; tokens 20 + 20 + 50 + 3,200 = 3,290.
    expect(view.pi.cost).toBeCloseTo(0.035, 9);
    expect(view.pi.display).toBe("$0.035");
    expect(view.pi.tokens).toBe(3290);
    expect(view.comparison).toMatch(/^Pi shows \$0\.035, the same as this report/);
  });
});
