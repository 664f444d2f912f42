import type { Options } from "remark-stringify";

type TextHandler = NonNullable<NonNullable<Options["handlers"]>["text"]>;

/**
 * remark-stringify's own text handler (mdast-util-to-markdown's `text`: the text made safe by `state.safe`),
 * run with the serializer's unsafe patterns narrowed to those whose character the text, or what stands
 * around it, holds. `safe` runs every pattern (~50 with GFM) over every text node, checking each one's
 * constructs against the stack first; a pattern's regular expression matches its character literally, so
 * one whose character is not there cannot match, and leaving it out changes nothing but the time
 * (test/render-markdown/text-by-character.test.ts holds the two equal).
 */
export const textByCharacter: TextHandler = (node, parent, state, info) => {
  const siblings = parent ? parent.children : [];
  const index = state.indexStack[state.indexStack.length - 1] as number;
  const around = (info.before ?? "") + node.value + (info.after ?? "");
  const all = state.unsafe;
  state.unsafe = all.filter((pattern) => around.includes(pattern.character));
  try {
    return state.safe(node.value, {
      ...info,
      afterNode: siblings[index + 1],
      beforeNode: siblings[index - 1],
    });
  } finally {
    state.unsafe = all;
  }
};
