import * as z from "zod/mini";
import { ContentSchema } from "./content.js";
import { parseMessage } from "./message.js";

const storedMessage = z.pipe(z.unknown(), z.transform(parseMessage));
const usage = z.optional(z.unknown());

export const MessageEntrySchema = z.looseObject({ type: z.literal("message"), message: storedMessage });
export const ModelChangeEntrySchema = z.looseObject({
  type: z.literal("model_change"),
  provider: z.string(),
  modelId: z.string(),
});
export const ThinkingLevelChangeEntrySchema = z.looseObject({
  type: z.literal("thinking_level_change"),
  thinkingLevel: z.string(),
});
export const CompactionEntrySchema = z.looseObject({
  type: z.literal("compaction"),
  summary: z._default(z.string(), ""),
  tokensBefore: z.optional(z.number()),
  firstKeptEntryId: z.optional(z.string()),
  retainedTail: z.optional(z.array(storedMessage)),
  systemMessage: z.optional(storedMessage),
  usage,
  details: z.optional(z.unknown()),
  fromHook: z.optional(z.boolean()),
});
export const BranchSummaryEntrySchema = z.looseObject({
  type: z.literal("branch_summary"),
  fromId: z.optional(z.string()),
  summary: z._default(z.string(), ""),
  usage,
  details: z.optional(z.unknown()),
  fromHook: z.optional(z.boolean()),
});
export const ContextEditEntrySchema = z.looseObject({
  type: z.literal("context_edit"),
  targetId: z.string(),
  replacement: z.union([z.null(), z.looseObject({ content: ContentSchema })]),
});
export const UsageEntrySchema = z.looseObject({
  type: z.literal("usage"),
  kind: z.optional(z.string()),
  usage: z.unknown(),
  provider: z.optional(z.string()),
  model: z.optional(z.string()),
});
export const CustomEntrySchema = z.looseObject({
  type: z.literal("custom"),
  customType: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
export const CustomMessageEntrySchema = z.looseObject({
  type: z.literal("custom_message"),
  customType: z.optional(z.string()),
  content: z._default(ContentSchema, []),
  display: z.optional(z.boolean()),
  details: z.optional(z.unknown()),
});
export const LabelEntrySchema = z.looseObject({
  type: z.literal("label"),
  targetId: z.string(),
  label: z.optional(z.nullable(z.string())),
});
export const SessionInfoEntrySchema = z.looseObject({
  type: z.literal("session_info"),
  name: z.optional(z.nullable(z.string())),
});

export type MessageEntry = z.infer<typeof MessageEntrySchema>;
export type ModelChangeEntry = z.infer<typeof ModelChangeEntrySchema>;
export type ThinkingLevelChangeEntry = z.infer<typeof ThinkingLevelChangeEntrySchema>;
export type CompactionEntry = z.infer<typeof CompactionEntrySchema>;
export type BranchSummaryEntry = z.infer<typeof BranchSummaryEntrySchema>;
export type ContextEditEntry = z.infer<typeof ContextEditEntrySchema>;
export type UsageEntry = z.infer<typeof UsageEntrySchema>;
export type CustomEntry = z.infer<typeof CustomEntrySchema>;
export type CustomMessageEntry = z.infer<typeof CustomMessageEntrySchema>;
export type LabelEntry = z.infer<typeof LabelEntrySchema>;
export type SessionInfoEntry = z.infer<typeof SessionInfoEntrySchema>;

/** An entry whose type is unknown, or whose shape is wrong for its type: kept exactly as stored. */
export interface OtherEntry {
  type: "other";
  /** The stored `type` value, whatever it was. */
  storedType: unknown;
  value: Record<string, unknown>;
  /** Why it could not be read as a known entry. */
  reason: string;
  /** True when the type is known but the shape is wrong (a damaged entry), false for an unknown type. */
  malformed: boolean;
}

/** The typed content of one line of a session file (the tree fields live on {@link SessionEntry}). */
export type EntryBody =
  | MessageEntry
  | ModelChangeEntry
  | ThinkingLevelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | ContextEditEntry
  | UsageEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry
  | OtherEntry;

/** The schema of each known entry type, by `type`. */
export const entrySchemas = {
  message: MessageEntrySchema,
  model_change: ModelChangeEntrySchema,
  thinking_level_change: ThinkingLevelChangeEntrySchema,
  compaction: CompactionEntrySchema,
  branch_summary: BranchSummaryEntrySchema,
  context_edit: ContextEditEntrySchema,
  usage: UsageEntrySchema,
  custom: CustomEntrySchema,
  custom_message: CustomMessageEntrySchema,
  label: LabelEntrySchema,
  session_info: SessionInfoEntrySchema,
} as const;

/** The entry types of FORMAT.md §3; any other `type` is kept as an `other` entry. */
export const KNOWN_ENTRY_TYPES: readonly string[] = Object.keys(entrySchemas);

/** One entry of the session with its place in the file and in the tree. */
export interface SessionEntry {
  /** Position among the entries in file order, from 0 (the header is not counted). */
  index: number;
  /** 1-based line of the file it was read from (several entries share a line when they were glued). */
  line: number;
  id: string;
  /** `null` for a root as stored; the tree may still treat an entry as a root when its parent is missing. */
  parentId: string | null;
  /** The entry's ISO timestamp as stored, if any. */
  timestamp: string | undefined;
  body: EntryBody;
}
