import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeSession, parseSessionBytes } from "../src/index.js";
import { wordedProblem } from "../src/read/problem-sentence.js";
import { headerView } from "../src/view/header-view.js";
import { CORPUS } from "./helpers/paths.js";

/**
 * A real file (kimchi-dev, 148 lines, one straight chain) damaged on line 87, the custom_message just
 * before the third of its six prompts, as a redaction once damaged a real file. Before, the entries after
 * the line lost their parent: the report opened at the third prompt, the first two folded away.
 */
const FILE = "real/kimchi-dev__session.jsonl";
const LINES = readFileSync(`${CORPUS}${FILE}`, "utf8").split("\n");
const DAMAGED_LINE = 87;
/** The lines of the six prompts, read off the file with grep '"role":"user"'. */
const PROMPT_LINES = [4, 65, 88, 101, 124, 135];

function withLine87(edit: (text: string) => string) {
  const lines = [...LINES];
  lines[DAMAGED_LINE - 1] = edit(lines[DAMAGED_LINE - 1] as string);
  const analysis = analyzeSession(parseSessionBytes(Buffer.from(lines.join("\n")), FILE));
  const entries = analysis.tree.entries;
  const active = analysis.activeBranch?.path ?? [];
  const promptLines = active
    .map((index) => entries[index])
    .filter((entry) => entry?.body.type === "message" && entry.body.message.role === "user")
    .map((entry) => entry?.line);
  return { analysis, promptLines, lines: active.map((index) => entries[index]?.line) };
}

const promptText = "Prompt summary (103m 21s)";

describe("one damaged line keeps the story in order", () => {
  it("the file as it is: one chain holding the six prompts (the property the damage must keep)", () => {
    const { analysis, promptLines } = withLine87((text) => text);
    expect(analysis.tree.roots).toHaveLength(1);
    expect(promptLines).toEqual(PROMPT_LINES);
  });

  it("a bad escape (\\x) a redaction left: the line is read, its backslash kept as text", () => {
    const { analysis, promptLines } = withLine87((text) => text.replace(promptText, "Prompt \\x summary"));
    expect(analysis.tree.roots).toHaveLength(1);
    expect(promptLines).toEqual(PROMPT_LINES);
    const entry = analysis.tree.entries.find((e) => e.line === DAMAGED_LINE);
    expect(entry?.body.type).toBe("custom_message");
    expect(JSON.stringify(entry?.body)).toContain("Prompt \\\\x summary");
    expect(analysis.problems.map(wordedProblem)).toContainEqual(
      expect.objectContaining({
        line: DAMAGED_LINE,
        kind: "repaired",
        message: expect.stringContaining("\\x"),
      }),
    );
  });

  it("a lone \\u12: the same", () => {
    const { analysis, promptLines } = withLine87((text) => text.replace(promptText, "Prompt \\u12 summary"));
    expect(promptLines).toEqual(PROMPT_LINES);
    expect(analysis.problems.filter((p) => p.line === DAMAGED_LINE).map((p) => p.kind)).toEqual(["repaired"]);
  });

  it("a line that stays unreadable but whose id and parentId can be read: a placeholder holds the chain", () => {
    // A raw tab in a string cannot be mended: JSON.parse refuses it however the escapes are read.
    const { analysis, promptLines, lines } = withLine87((text) =>
      text.replace(promptText, "Prompt\t\\x summary"),
    );
    expect(analysis.tree.roots).toHaveLength(1);
    expect(promptLines).toEqual(PROMPT_LINES);
    expect(lines).toContain(DAMAGED_LINE);
    const placeholder = analysis.tree.entries.find((e) => e.line === DAMAGED_LINE);
    // The id and parent are the line's own (its last fields), not those of anything nested in it.
    expect(placeholder?.id).toBe("c9ad8220");
    expect(placeholder?.parentId).toBe("f49eed6a");
    expect(analysis.problems.map(wordedProblem)).toContainEqual(
      expect.objectContaining({
        line: DAMAGED_LINE,
        kind: "unreadable",
        message: expect.stringContaining("placeholder"),
      }),
    );
  });

  it("a line cut off before its id: the pieces stand in file order, the title is the first prompt", () => {
    const { analysis, promptLines, lines } = withLine87((text) => text.slice(0, 120));
    expect(analysis.tree.roots).toHaveLength(1);
    expect(promptLines).toEqual(PROMPT_LINES);
    expect(lines).not.toContain(DAMAGED_LINE);
    // Line 88 (the third prompt) named line 87's entry as parent: joined to line 86, the entry before it.
    const third = analysis.tree.entries.find((e) => e.line === 88);
    expect(third?.parentId).toBe(analysis.tree.entries.find((e) => e.line === 86)?.id);
    expect(analysis.problems.map(wordedProblem)).toContainEqual(
      expect.objectContaining({ line: 88, kind: "repaired", message: expect.stringContaining("line 87") }),
    );
    const first = JSON.parse(LINES[3] as string) as { message: { content: { text: string }[] } };
    const title = headerView(analysis, null).title;
    expect(first.message.content[0]?.text.startsWith(title.replace(/…$/, ""))).toBe(true);
  });

  it("the real file a redaction damaged (raddit, line 31: `\\*`): one chain, all 25 prompts on the active branch", () => {
    const file = "real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl";
    const text = readFileSync(`${CORPUS}${file}`, "utf8");
    // The prompts, found in the raw text: every line holding a user message.
    const userLines = text
      .split("\n")
      .flatMap((line, index) => (line.includes('"role":"user"') ? [index + 1] : []));
    expect(userLines).toHaveLength(25);
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(text), file));
    expect(analysis.tree.roots).toHaveLength(1);
    const active = analysis.activeBranch?.path ?? [];
    const onActive = active
      .map((index) => analysis.tree.entries[index])
      .filter((entry) => entry?.body.type === "message" && entry.body.message.role === "user")
      .map((entry) => entry?.line);
    expect(onActive).toEqual(userLines);
  });
});
