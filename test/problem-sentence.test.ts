import { describe, expect, it } from "vitest";
import type { Problem } from "../src/read/problem.js";
import { problemSentence, problemText, wordedProblem } from "../src/read/problem-sentence.js";

/** Problems are data; these sentences, written out by hand, are the ones the reports showed as text. */
describe("problemSentence", () => {
  const missingParent: Problem = {
    line: 6,
    kind: "structure",
    code: "missing-parent",
    detail: { parentId: "gone-id" },
  };

  it("names the line first, then says what the data says", () => {
    expect(problemSentence(missingParent)).toBe(
      'line 6: parent "gone-id" is not in the file; this entry starts a separate root',
    );
    // The HTML and Markdown headers show "line 6" apart, before this.
    expect(problemText(missingParent)).toBe(
      'parent "gone-id" is not in the file; this entry starts a separate root',
    );
  });

  it("leaves the line out of a sentence that does not start with it", () => {
    const noHeader: Problem = {
      line: 1,
      kind: "structure",
      code: "no-header",
      detail: { firstLineRead: true },
    };
    const sentence =
      "the file has no session header (line 1 is an entry); read without one: the session's id, start and folder are unknown";
    expect(problemSentence(noHeader)).toBe(sentence);
    expect(problemText(noHeader)).toBe(sentence);
  });

  it("says a skipped line kept as a placeholder was kept", () => {
    const cut: Problem = { line: 87, kind: "unreadable", code: "cut-off", detail: {} };
    expect(problemSentence(cut)).toBe(
      "line 87 is cut off mid-entry (the writer probably stopped before finishing it); skipped",
    );
    expect(problemSentence({ ...cut, detail: { placeholder: "e87" } })).toBe(
      'line 87 is cut off mid-entry (the writer probably stopped before finishing it); its id "e87" and parent were read from the text, and it is kept as a placeholder so the entries after it stay in order',
    );
  });

  it("lists a problem as the JSON report does: line, kind, sentence", () => {
    expect(Object.entries(wordedProblem(missingParent))).toEqual([
      ["line", 6],
      ["kind", "structure"],
      ["message", 'line 6: parent "gone-id" is not in the file; this entry starts a separate root'],
    ]);
  });
});
