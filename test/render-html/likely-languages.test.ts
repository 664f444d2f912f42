import { describe, expect, it } from "vitest";
import { readSessionFile } from "../../src/read/read-session-file.js";
import { likelyLanguages } from "../../src/render/html/likely-languages.js";
import { analyzeFixture } from "../helpers/analyze.js";
import { FIXTURES } from "../helpers/paths.js";

describe("likelyLanguages", () => {
  it("names the languages of the files the calls touched, most used first, ties by name", () => {
    // every-tool.jsonl: read app.ts, read shot.png, write util.py, edit app.ts, edit b.ts, edit README.md
    // (as file_path), and grep/find/ls on folders: TypeScript 3, Markdown 1, Python 1; the image and
    // the folders have no language.
    const entries = analyzeFixture("every-tool.jsonl").tree.entries.map((entry) => entry.body);
    expect(likelyLanguages(entries)).toEqual(["typescript", "markdown", "python"]);
  });

  it("reads the lines as stored too, before migration, and passes over what has another shape", () => {
    const stored = readSessionFile(`${FIXTURES}sessions/every-tool.jsonl`).records.map(
      (record) => record.value,
    );
    expect(likelyLanguages(stored)).toEqual(["typescript", "markdown", "python"]);
    expect(likelyLanguages([null, 3, "x", { message: { role: "assistant", content: "text" } }])).toEqual([]);
  });

  it("names nothing for a session without file calls", () => {
    expect(likelyLanguages(analyzeFixture("fork.jsonl").tree.entries.map((entry) => entry.body))).toEqual([]);
  });
});
