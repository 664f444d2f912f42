import { describe, expect, it } from "vitest";
import type { DiffLine } from "../../src/diff/diff-model.js";
import { piNumberedDiffToModel } from "../../src/diff/pi-numbered-diff-to-model.js";
import { toolResultDetailsAt } from "../helpers/corpus-edit.js";

const ctx = (oldLine: number, newLine: number, text: string): DiffLine => ({
  kind: "context",
  oldLine,
  newLine,
  text,
});
const add = (newLine: number, text: string): DiffLine => ({ kind: "add", newLine, text });
const del = (oldLine: number, text: string): DiffLine => ({ kind: "del", oldLine, text });
const gap: DiffLine = { kind: "gap", text: "" };

describe("piNumberedDiffToModel", () => {
  it("reads a corpus diff with padded numbers and gaps, numbering new lines past each insertion", () => {
    // kimchi-dev line 57: three insertions (new lines 3, 49 and 77), context numbered in the old file.
    const details = toolResultDetailsAt("real/kimchi-dev__session.jsonl", 57);
    const diff = piNumberedDiffToModel(details.diff as string);
    expect(diff.added).toBe(3);
    expect(diff.removed).toBe(0);
    expect(diff.hunks).toHaveLength(3);
    expect(diff.hunks[0]?.lines).toEqual([
      ctx(1, 1, 'import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"'),
      ctx(2, 2, 'import { dirname } from "node:path"'),
      add(3, 'import { getVersion } from "./utils.js"'),
      ctx(3, 4, ""),
      ctx(
        4,
        5,
        'const CAST_AI_MODELS_API = "https://api.cast.ai/v1/llm/openai/models?providerName=AI%20Enabler"',
      ),
      ctx(5, 6, 'const CAST_AI_LLM_BASE_URL = "https://llm.kimchi.dev/openai/v1"'),
      ctx(6, 7, "const FETCH_TIMEOUT_MS = 5000"),
    ]);
    // After one insertion every old line sits one lower in the new file.
    expect(diff.hunks[1]?.lines.map((l) => [l.kind, l.oldLine, l.newLine])).toEqual([
      ["gap", undefined, undefined],
      ["context", 44, 45],
      ["context", 45, 46],
      ["context", 46, 47],
      ["context", 47, 48],
      ["add", undefined, 49],
      ["context", 48, 50],
      ["context", 49, 51],
      ["context", 50, 52],
      ["context", 51, 53],
    ]);
    expect(diff.hunks[1]?.lines[5]?.text).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: quoted source code, not a template
      '\t\t\t\theaders: { "User-Agent": `kimchi/${getVersion()}` },',
    );
    // Third hunk: two insertions so far; ends with Pi's trailing `...`.
    expect(diff.hunks[2]?.lines.map((l) => [l.kind, l.oldLine, l.newLine])).toEqual([
      ["gap", undefined, undefined],
      ["context", 71, 73],
      ["context", 72, 74],
      ["context", 73, 75],
      ["context", 74, 76],
      ["add", undefined, 77],
      ["context", 75, 78],
      ["context", 76, 79],
      ["context", 77, 80],
      ["context", 78, 81],
      ["gap", undefined, undefined],
    ]);
  });

  it("repairs the context numbered from 1 after a gap by older Pi versions", () => {
    // pi-mono large-session line 24 prints the four lines before old line 118 as 1..4;
    // they are old (and new) lines 114..117.
    const details = toolResultDetailsAt("real/pi-mono__large-session.jsonl", 24);
    const diff = piNumberedDiffToModel(details.diff as string);
    expect(diff).toEqual({
      added: 2,
      removed: 2,
      hunks: [
        {
          lines: [
            gap,
            ctx(114, 114, "\t\tsuper();"),
            ctx(115, 115, ""),
            ctx(116, 116, "\t\t// Add header"),
            ctx(117, 117, "\t\tthis.addChild(new Spacer(1));"),
            del(118, '\t\tthis.addChild(new Text(chalk.bold("Branch from Message"), 1, 0));'),
            del(
              119,
              '\t\tthis.addChild(new Text(chalk.dim("Select a message to create a new branch from that point"), 1, 0));',
            ),
            add(118, '\t\tthis.addChild(new Text(theme.bold("Branch from Message"), 1, 0));'),
            add(
              119,
              '\t\tthis.addChild(new Text(theme.fg("muted", "Select a message to create a new branch from that point"), 1, 0));',
            ),
            ctx(120, 120, "\t\tthis.addChild(new Spacer(1));"),
            ctx(121, 121, "\t\tthis.addChild(new DynamicBorder());"),
            ctx(122, 122, "\t\tthis.addChild(new Spacer(1));"),
            ctx(123, 123, ""),
            gap,
          ],
        },
      ],
    });
  });

  it("reads the `<n>|<text>` variant, telling a gap from a line that reads `...`", () => {
    // raddit-dashboard line 129: ` 1|...` and ` 235|...` are gaps; one line replaced by two.
    const details = toolResultDetailsAt("real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl", 129);
    const diff = piNumberedDiffToModel(details.diff as string);
    expect(diff.added).toBe(2);
    expect(diff.removed).toBe(1);
    expect(diff.hunks[0]?.lines.map((l) => [l.kind, l.oldLine, l.newLine])).toEqual([
      ["gap", undefined, undefined],
      ["context", 226, 226],
      ["context", 227, 227],
      ["context", 228, 228],
      ["context", 229, 229],
      ["del", 230, undefined],
      ["add", undefined, 230],
      ["add", undefined, 231],
      ["context", 231, 232],
      ["context", 232, 233],
      ["context", 233, 234],
      ["context", 234, 235],
      ["gap", undefined, undefined],
    ]);
    expect(diff.hunks[0]?.lines[1]?.text).toBe("  }");

    const dots = piNumberedDiffToModel(" 7|a\n 8|...\n 9|b");
    expect(dots.hunks[0]?.lines.map((l) => l.kind)).toEqual(["context", "context", "context"]);
  });

  it("keeps lines it cannot read as context, and reads an empty diff as no change", () => {
    expect(piNumberedDiffToModel("")).toEqual({ hunks: [], added: 0, removed: 0 });
    const odd = piNumberedDiffToModel("not a diff line\n+ 3 added");
    // Kept as context; it sits just before new line 3 with nothing changed before it, so it is line 2.
    expect(odd.hunks[0]?.lines).toEqual([ctx(2, 2, "not a diff line"), add(3, "added")]);
    expect(odd.added).toBe(1);
  });
});
