import { describe, expect, it } from "vitest";
import {
  blockquote,
  code,
  heading,
  paragraph,
  stringify,
  strong,
  text,
} from "../../src/render/markdown/mdast.js";
import { stringifyOnce } from "../../src/render/markdown/stringify-once.js";

const headingWith = (label: string) => [heading(3, text("Tool result"), text(" · label "), code(label))];
const note = (id: string) => [
  blockquote(paragraph(strong(text("Not in context at the end:")), text(" See "), code(id))),
];

describe("stringifyOnce", () => {
  it("gives what stringify gives, for a tree met again and for each tree that differs", () => {
    const once = stringifyOnce();
    for (const tree of [
      headingWith("a"),
      headingWith("a"),
      headingWith("b"),
      note("x"),
      note("@y"),
      note("x"),
    ]) {
      expect(once(structuredClone(tree))).toBe(stringify(structuredClone(tree)));
    }
  });
});
