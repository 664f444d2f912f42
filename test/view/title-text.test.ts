import { describe, expect, it } from "vitest";
import { titleText } from "../../src/view/title-text.js";

describe("titleText", () => {
  it("drops Markdown's line markers: headings, quotes, bullets, numbers, task boxes", () => {
    expect(titleText("## Research Plan\n\nStep one")).toBe("Research Plan");
    expect(titleText("> quoted words")).toBe("quoted words");
    expect(titleText("- [ ] fix the build")).toBe("fix the build");
    expect(titleText("1. first thing")).toBe("first thing");
    expect(titleText("### Closing hashes ###")).toBe("Closing hashes");
  });

  it("keeps the words of inline markup: emphasis, code, links and images", () => {
    expect(titleText("**Fix** the `parse()` call in [the reader](src/read.ts)")).toBe(
      "Fix the parse() call in the reader",
    );
    expect(titleText("see ![a chart](x.png) and _this_")).toBe("see a chart and this");
    // Underscores inside a name are no emphasis.
    expect(titleText("rename snake_case_name")).toBe("rename snake_case_name");
  });

  it("skips a harness's untrusted-metadata label and its fenced block", () => {
    const text = 'Sender (untrusted metadata):\n```json\n{ "label": "x" }\n```\n\nPlease add a test';
    expect(titleText(text)).toBe("Please add a test");
  });

  it("skips blank lines and fences, and gives nothing for a text of markers only", () => {
    expect(titleText("\n\n```ts\nconst a = 1;\n```")).toBe("const a = 1;");
    expect(titleText("##\n\n")).toBe("");
  });

  it("cuts to the length asked for, with an ellipsis", () => {
    expect(titleText(`# ${"a".repeat(100)}`, 10)).toBe(`${"a".repeat(9)}…`);
  });
});
