import { describe, expect, it } from "vitest";
import { likelyMarkdown } from "../../src/render/html/likely-markdown.js";
import type { EntryBody } from "../../src/schema/entry.js";

/** Typed entry bodies as the analysis holds them (only the fields the guess reads). */
const user = (content: unknown) => ({ type: "message", message: { role: "user", content } }) as EntryBody;
const assistant = (content: unknown) =>
  ({ type: "message", message: { role: "assistant", content } }) as EntryBody;

describe("likelyMarkdown", () => {
  const bodies: EntryBody[] = [
    user("Fix the **build**"),
    assistant([
      { type: "thinking", thinking: "# not shown as markdown" },
      { type: "text", text: "Done: `npm test` passes." },
      { type: "toolCall", id: "1", name: "bash", arguments: { command: "ls *.md" } },
    ]),
    user([
      { type: "text", text: "a plain sentence" },
      { type: "text", text: "- a list" },
    ]),
    { type: "compaction", summary: "## Goal\nShip it" } as EntryBody,
    { type: "branch_summary", summary: "Tried _this_" } as EntryBody,
    { type: "custom_message", content: "> quoted" } as EntryBody,
    assistant("Done: `npm test` passes."),
    assistant([{ type: "text", text: "See [^1].\n\n[^1]: a note" }]),
    user("plain prose only"),
    { type: "model_change", provider: "p", modelId: "m" } as EntryBody,
  ];

  it("takes prompts, replies, summaries and extension messages as the page shows them, once each, in order", () => {
    expect(likelyMarkdown(bodies, 1_000)).toEqual([
      "Fix the **build**",
      "Done: `npm test` passes.",
      // A user message's text blocks, joined as its view joins them.
      "a plain sentence\n\n- a list",
      "## Goal\nShip it",
      "Tried _this_",
      "> quoted",
    ]);
  });

  it("stops once it holds the characters asked for", () => {
    expect(likelyMarkdown(bodies, 1)).toEqual(["Fix the **build**"]);
    expect(likelyMarkdown(bodies, 18)).toEqual(["Fix the **build**", "Done: `npm test` passes."]);
  });

  it("reads a skill out of a prompt as its view does: the typed text and the skill's body apart", () => {
    const prompt = '<skill name="deploy" location="/s/SKILL.md">\nRun **deploy**\n</skill>\n\nNow *go*';
    const texts = likelyMarkdown([user(prompt)], 1_000);
    expect(texts).toContain("Now *go*");
    expect(texts.some((text) => text.includes("Run **deploy**"))).toBe(true);
    expect(texts).not.toContain(prompt);
  });

  it("takes a sub-agent tool's output, its runs' tasks and their transcripts; no other tool's output", () => {
    const result = (toolName: string, content: string, details?: unknown) =>
      ({ type: "message", message: { role: "toolResult", toolName, content, details } }) as EntryBody;
    const run = {
      agent: "reviewer",
      task: "Review **PR 47**",
      usage: { input: 1 },
      messages: [
        { role: "user", content: "Review **PR 47**" },
        { role: "assistant", content: [{ type: "text", text: "Found `two` issues" }] },
      ],
    };
    const texts = likelyMarkdown(
      [
        result("bash", "## not markdown: terminal output"),
        result("subagent", "## Subagent await (1)"),
        // Forks of Pi name the tool otherwise: its runs make it a sub-agent tool.
        result("task", "### done\n- one", { results: [run] }),
      ],
      1_000,
    );
    expect(texts).toEqual([
      "## Subagent await (1)",
      "### done\n- one",
      "Review **PR 47**",
      "Found `two` issues",
    ]);
  });
});
