import * as z from "zod/mini";
// Imported for its English messages (zod/mini carries none of its own).
import "../../schema/describe-issue.js";
import type { ProblemKind } from "../../read/problem.js";
import { USAGE_SOURCES, type UsageSource } from "../../usage/usage-item.js";

/**
 * Beyond any figure a session records (tokens, dollars, calls): a bound on each one, so that no sum of
 * them over any number of archives stops being a finite number ($Infinity, then `null` in JSON).
 */
const MAX_FIGURE = 1e15;

const figure = z
  .number({ error: "not a number" })
  .check(z.refine((value) => Math.abs(value) <= MAX_FIGURE, "beyond what any session records (10^15)"));
const text = z.string({ error: "not a string" });
const maybeText = z.nullable(text);
/** A UTC calendar day as archive.json writes it (`2025-13-45` and `=3+3` are none). */
const day = z.iso.date({ error: "not a calendar day (YYYY-MM-DD)" });
/** A time as archive.json writes it (`toISOString`). */
const time = z.iso.datetime({ error: "not a time (an ISO 8601 UTC timestamp)", offset: false });

const TotalsSchema = z.object({
  input: z.optional(figure),
  output: z.optional(figure),
  cacheRead: z.optional(figure),
  cacheWrite: z.optional(figure),
  totalTokens: z.optional(figure),
  cost: z.optional(figure),
  unpricedTokens: z.optional(figure),
  turns: z.optional(figure),
  unrecordedTurns: z.optional(figure),
  reasoning: z.optional(figure),
  cacheWrite1h: z.optional(figure),
});

const EntryUsageSchema = z.object({
  entry: maybeText,
  day: z.nullable(day),
  source: z.enum(USAGE_SOURCES as [UsageSource, ...UsageSource[]], {
    error: "not a kind of usage this tool writes",
  }),
  provider: maybeText,
  model: maybeText,
  totals: TotalsSchema,
});

// Every kind, checked by the compiler: a kind added to ProblemKind must be added here.
const EVERY_PROBLEM_KIND: Record<ProblemKind, true> = {
  unreadable: true,
  repaired: true,
  invalid: true,
  structure: true,
  note: true,
};
const PROBLEM_KINDS = Object.keys(EVERY_PROBLEM_KIND) as [ProblemKind, ...ProblemKind[]];

const count = z.int({ error: "not a whole number" }).check(z.minimum(0, "below zero"), z.maximum(MAX_FIGURE));

const SessionSchema = z.object({
  file: text,
  machine: z.optional(maybeText),
  id: maybeText,
  cwd: maybeText,
  title: text,
  titleFrom: z.enum(["name", "prompt", "file"], { error: "not name, prompt or file" }),
  parentSession: maybeText,
  subagentOf: maybeText,
  headerTimestamp: maybeText,
  startedAt: z.nullable(time),
  endedAt: z.nullable(time),
  models: z.array(text),
  entryCount: count,
  problems: z.array(
    z.object({
      kind: z.enum(PROBLEM_KINDS, { error: "not a kind of problem this tool writes" }),
      count,
    }),
  ),
  error: maybeText,
  usage: z.array(EntryUsageSchema),
});

/**
 * What `--merge` reads of another machine's archive.json: every field it takes, each of the type and
 * range this tool writes. Another machine's file is untrusted: a damaged or edited one is refused with
 * the field named, never half-merged (an object as a machine's name, a day `2025-13-45`, a figure
 * `"1e3"` or `1e308`).
 */
export const MergeInputSchema = z.object({
  machine: z.optional(maybeText),
  sessions: z.array(SessionSchema),
  failed: z.optional(z.array(z.object({ file: text, error: text }))),
  skipped: z.optional(z.array(z.object({ file: text, reason: text }))),
});
export type MergeInputJson = z.infer<typeof MergeInputSchema>;

/** `sessions[0].usage[1].day`: a field's path as one writes it in JavaScript. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/** The value at `path`, shown short: `"2025-13-45"`, `{"toString":"x"}`, `1e+308`. */
function shownValue(json: unknown, path: readonly PropertyKey[]): string {
  let value = json;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | null)?.[key];
  if (value === undefined) return "missing";
  const shown = typeof value === "number" ? String(value) : (JSON.stringify(value) ?? String(value));
  return shown.length > 40 ? `${shown.slice(0, 39)}…` : shown;
}

/**
 * The merge input `json` holds, checked; or what is wrong with it, in a phrase naming the first bad field:
 * "`sessions[0].usage[0].day` is "2025-13-45": not a calendar day (YYYY-MM-DD)".
 */
export function checkMergeInput(json: unknown): { ok: MergeInputJson } | { wrong: string } {
  const parsed = MergeInputSchema.safeParse(json);
  if (parsed.success) return { ok: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue === undefined) return { wrong: "not an archive.json" };
  const message = issue.message.replace(/^Invalid input: /, "");
  return { wrong: `\`${fieldPath(issue.path)}\` is ${shownValue(json, issue.path)}: ${message}` };
}
