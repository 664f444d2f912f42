import { describe, expect, it } from "vitest";
import { likelyLanguages } from "../../src/render/html/likely-languages.js";
import { analyzeFixture } from "../helpers/analyze.js";

describe("likelyLanguages", () => {
  it("names the languages of the files the calls touched, most used first, ties by name", () => {
    // every-tool.jsonl: read app.ts, read shot.png, write util.py, edit app.ts, edit b.ts, edit README.md
    // (as file_path), and grep/find/ls on folders: TypeScript 3, Markdown 1, Python 1; the image and
    // the folders have no language.
    expect(likelyLanguages(analyzeFixture("every-tool.jsonl").tree.entries)).toEqual([
      "typescript",
      "markdown",
      "python",
    ]);
  });

  it("names nothing for a session without file calls", () => {
    expect(likelyLanguages(analyzeFixture("fork.jsonl").tree.entries)).toEqual([]);
  });
});
