// What became of each case once its session was redacted: the secret gone to its last character, the
// parts around it kept, and a line with no secret left as it was.
import { DEFAULT_REDACTION, redactRawSession } from "../../../src/redact/redact-session.js";
import type { ShapeCase } from "./cases.js";
import { EMBEDDINGS, type Placement, sessionHolding, stringsOf } from "./fields.js";

/** A case's outcome; `why` says what went wrong, for a failing test's message. */
export interface Verdict {
  /** For a secret: no 8 characters of it are left and the parts around it are. For a non-secret: nothing changed. */
  ok: boolean;
  why: string;
}

/** Every `size`-character window of `secret` (the whole of a shorter one). */
function windows(secret: string, size = 8): string[] {
  if (secret.length <= size) return [secret];
  return Array.from({ length: secret.length - size + 1 }, (_, at) => secret.slice(at, at + size));
}

/**
 * Redacts one session holding every case's line, each in its own entry and field as its placement says,
 * and judges each case by its own entry.
 */
export async function judgeAll(cases: readonly (readonly [ShapeCase, Placement])[]): Promise<Verdict[]> {
  const placed = cases.map(([shape, placement]) => {
    const embedding = EMBEDDINGS[placement.embedding]?.(placement.prose);
    if (embedding === undefined) throw new Error(`no embedding ${placement.embedding}`);
    return { shape, placement, embedding, text: embedding.wrap(shape.text) };
  });
  const raw = sessionHolding(placed.map(({ placement, text }) => ({ field: placement.field, text })));
  const before = raw.records.map((record) => stringsOf(record.value));
  const { raw: redacted } = await redactRawSession(raw, DEFAULT_REDACTION);
  return placed.map(({ shape, placement, embedding, text }, index) => {
    // Entry 0 is the prompt; the header is never one of these.
    const was = before[index + 1] ?? [];
    const now = stringsOf(redacted.records[index + 1]?.value);
    const where = `${shape.cell} in ${placement.field} (${placement.embedding}): ${JSON.stringify(text)}`;
    if (shape.secret === null) {
      const changed = now.find((value, at) => value !== was[at]);
      return changed === undefined
        ? { ok: true, why: "" }
        : { ok: false, why: `${where}\n  no secret, but became ${JSON.stringify(changed)}` };
    }
    const all = now.join("\n");
    const left = windows(embedding.shown(shape.secret)).find((window) => all.includes(window));
    if (left !== undefined)
      return { ok: false, why: `${where}\n  left ${JSON.stringify(left)}: ${JSON.stringify(all)}` };
    const lost = shape.keep.find((part) => !all.includes(embedding.shown(part)));
    if (lost !== undefined)
      return { ok: false, why: `${where}\n  lost ${JSON.stringify(lost)}: ${JSON.stringify(all)}` };
    return { ok: true, why: "" };
  });
}
