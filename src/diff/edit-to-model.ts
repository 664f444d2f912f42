import { isPlainObject } from "../plain-object.js";
import type { FileDiff } from "./diff-model.js";
import { piNumberedDiffToModel } from "./pi-numbered-diff-to-model.js";
import { type TextEdit, textsToModel } from "./texts-to-model.js";
import { unifiedPatchToModel } from "./unified-patch-to-model.js";

const nonEmptyString = (value: unknown): value is string => typeof value === "string" && value !== "";

function parseIfString(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

// `edits` may be an array or, from some models, that array as a JSON string; a pair with a missing
// side is shown as an empty side rather than dropped.
function editsOf(args: Record<string, unknown>): TextEdit[] {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const edits = parseIfString(args.edits);
  if (Array.isArray(edits)) {
    return edits
      .filter(isPlainObject)
      .map((edit) => ({ oldText: text(edit.oldText), newText: text(edit.newText) }));
  }
  if (typeof args.oldText === "string" || typeof args.newText === "string") {
    return [{ oldText: text(args.oldText), newText: text(args.newText) }];
  }
  return [];
}

/**
 * The diff of one `edit` tool call, from the best source it has: the result's `details.patch`
 * (unified, exact), else its `details.diff` (Pi's numbered format), else computed from the call's
 * `edits[]` or top-level `oldText`/`newText`. `undefined` when it has none of them.
 * Takes the raw `arguments` and `details` as stored; never throws on odd shapes.
 */
export function editToModel(args: unknown, details: unknown): FileDiff | undefined {
  if (isPlainObject(details) && nonEmptyString(details.patch)) return unifiedPatchToModel(details.patch);
  if (isPlainObject(details) && nonEmptyString(details.diff)) return piNumberedDiffToModel(details.diff);
  const parsedArgs = parseIfString(args);
  const edits = isPlainObject(parsedArgs) ? editsOf(parsedArgs) : [];
  return edits.length > 0 ? textsToModel(edits) : undefined;
}
