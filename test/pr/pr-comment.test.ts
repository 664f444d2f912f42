import { describe, expect, it } from "vitest";
import { PR_COMMENT_MARKER, renderPrComment } from "../../src/pr/pr-comment.js";
import type { PrSession, PrSessions } from "../../src/pr/pr-sessions.js";
import type { SessionFacts } from "../../src/render/markdown/summary/collect-facts.js";
import { emptyUsageTotals } from "../../src/sessions/usage-groups.js";

const GITHUB_LIMIT = 65_536;
const window = { start: 0, end: null, description: "at any time" };

/** Session `k`: a long title ending in emoji, $0.01, 3 changed files, a failed command and an error turn. */
function session(k: number): PrSession {
  const counted = emptyUsageTotals();
  counted.total.cost = 0.01;
  counted.total.totalTokens = 1000;
  const facts: SessionFacts = {
    outline: [],
    files: [0, 1, 2].map((f) => ({
      path: `src/module-${k}/file-${f}-${"x".repeat(40)}.ts`,
      edits: 1,
      writes: 0,
      added: 3,
      removed: 1,
      uncounted: 0,
      failed: 0,
      noResult: 0,
      written: 0,
    })),
    commands: [
      {
        command: `npm test -- case-${k} ${"🙂".repeat(150)}`,
        byUser: false,
        failed: true,
        note: null,
        where: "active",
        via: null,
      },
    ],
    errors: [{ kind: "error", message: `overloaded ${k}`, time: null, id: `e${k}`, where: "active" }],
    compactions: [],
    firstPrompt: null,
  };
  return {
    path: `/s/${k}.jsonl`,
    sessionId: `id-${k}`,
    title: `Session ${k} ${"🙂".repeat(120)}`,
    models: ["anthropic/claude-sonnet-4-5"],
    startedAt: "2026-05-01T10:00:00.000Z",
    endedAt: "2026-05-01T10:05:00.000Z",
    counted,
    copiedEntries: 0,
    fork: false,
    facts,
  };
}

function found(count: number): PrSessions {
  const sessions = Array.from({ length: count }, (_, k) => session(k));
  const total = emptyUsageTotals();
  total.total.cost = 0.01 * count;
  total.total.totalTokens = 1000 * count;
  return { sessions, total, subagentFiles: 0, unreadable: [] };
}

const tableRowsOf = (markdown: string, header: string): string[] => {
  const start = markdown.indexOf(`| ${header}`);
  if (start === -1) return [];
  const lines = markdown.slice(start).split("\n");
  const end = lines.findIndex((line) => !line.startsWith("|"));
  return lines.slice(2, end);
};

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("the pull-request comment stays within GitHub's 65,536 characters", () => {
  it("a small set is shown whole", () => {
    const comment = renderPrComment({ found: found(3), window, links: new Map(), redacted: true });
    expect(comment.startsWith(`${PR_COMMENT_MARKER}\n`)).toBe(true);
    expect(tableRowsOf(comment, "Session")).toHaveLength(3);
    expect(tableRowsOf(comment, "File")).toHaveLength(9);
    expect(comment).toContain("### Failures: 6");
    expect(comment).not.toContain("left out");
  });

  it("5,000 sessions: files, then failures, then session rows are cut whole, with the count left out", () => {
    const count = 5000;
    const comment = renderPrComment({ found: found(count), window, links: new Map(), redacted: true });
    expect(comment.length).toBeLessThanOrEqual(GITHUB_LIMIT);
    // The totals are of every session, whatever is shown.
    expect(comment).toContain("**$50.00** and 5.00M tokens over 5,000 sessions");
    // Trimmed in order: no file and no failure fits once the sessions table is this long.
    expect(comment).toContain("### Files changed: 15,000");
    expect(comment).toContain("15,000 files left out");
    expect(comment).toContain("5,000 commands (5,000 failed) left out");
    const rows = tableRowsOf(comment, "Session");
    expect(rows.length).toBeGreaterThan(0);
    const leftOut = Number(/([\d,]+) more sessions left out/.exec(comment)?.[1]?.replaceAll(",", ""));
    expect(rows.length + leftOut).toBe(count);
    // Every row whole: five cells, and the table followed by the note, not cut mid-row.
    for (const row of rows) expect(row.split(" | ")).toHaveLength(5);
    expect(comment).not.toMatch(loneSurrogate);
  });

  it("fits any smaller limit too, by whole rows (the limit is a parameter)", () => {
    for (const limit of [4_000, 10_000, 30_000]) {
      const comment = renderPrComment({ found: found(300), window, links: new Map(), redacted: true }, limit);
      expect(comment.length).toBeLessThanOrEqual(limit);
      expect(comment).not.toMatch(loneSurrogate);
      expect(comment.endsWith("updates this comment._\n")).toBe(true);
    }
  });
});
