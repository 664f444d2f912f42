/**
 * The commands the report thread tokenizes ahead (likelyCommands): what the page will ask for first, in
 * its order, within the budget; and a guess never changes the page.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeFile, renderHtml } from "../../src/index.js";
import { likelyCommands } from "../../src/render/html/likely-commands.js";
import { startReportThread } from "../../src/report-thread/report-thread.js";
import { CORPUS } from "../helpers/paths.js";

const call = (name: string, args: unknown) => ({ type: "toolCall", id: "c", name, arguments: args });
const assistant = (...content: unknown[]) => ({ type: "message", message: { role: "assistant", content } });

describe("likelyCommands", () => {
  it("takes each shell command once, in file order, in its card's language", () => {
    const entries = [
      { type: "session", id: "s" },
      assistant({ type: "text", text: "ls -la" }, call("bash", { command: "ls -la" })),
      { type: "message", message: { role: "user", content: [call("bash", { command: "not a call" })] } },
      assistant(call("read", { path: "a.ts" }), call("bash", { command: "ls -la" })),
      // Arguments Pi stored as a JSON string, and the `cmd` spelling.
      assistant(call("bash", '{"command":"git status"}'), call("bash", { cmd: "npm test" })),
      assistant(call("powershell", { command: "Get-ChildItem" })),
      "not an entry",
    ];
    expect(likelyCommands(entries)).toEqual([
      { id: "shellscript", code: "ls -la" },
      { id: "shellscript", code: "git status" },
      { id: "shellscript", code: "npm test" },
      { id: "powershell", code: "Get-ChildItem" },
    ]);
  });

  it("stops where the default budget stops commands: 40,000 characters a block, 300,000 in all", () => {
    const command = (length: number, mark: string) => mark + "x".repeat(length - 1);
    const entries = [
      // Over the per-block limit: never highlighted, so not guessed, and it spends nothing.
      assistant(call("bash", { command: command(40_001, "a") })),
      ...Array.from({ length: 7 }, (_, n) =>
        assistant(call("bash", { command: command(40_000, String(n)) })),
      ),
      // 280,000 so far: this one would make 310,000, and the page's budget stops there too.
      assistant(call("bash", { command: command(30_000, "b") })),
      assistant(call("bash", { command: "echo short" })),
    ];
    const guessed = likelyCommands(entries);
    expect(guessed.map(({ code }) => code[0])).toEqual(["0", "1", "2", "3", "4", "5", "6"]);
    expect(guessed.reduce((sum, { code }) => sum + code.length, 0)).toBe(280_000);
  });

  it("never changes the page: the real file's report is the same bytes with its commands guessed ahead", async () => {
    const path = `${CORPUS}real/pi-mono__before-compaction.jsonl`;
    const entries = readFileSync(path, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as unknown);
    const guessed = likelyCommands(entries);
    // Hundreds of commands (175 distinct ones are highlighted in that report).
    expect(guessed.length).toBeGreaterThan(150);
    const thread = startReportThread();
    try {
      thread.warmBlocks(guessed);
      thread.redactionOver();
      const html = await renderHtml(analyzeFile(path), { reportThread: thread });
      expect(thread.failure()).toBeNull();
      expect(html).toBe(await renderHtml(analyzeFile(path)));
    } finally {
      await thread.close();
    }
  }, 60_000);
});
