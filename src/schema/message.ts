import * as z from "zod/mini";
import { ContentSchema } from "./content.js";
import { describeIssue } from "./describe-issue.js";

const timestamp = z.optional(z.number());

export const UserMessageSchema = z.looseObject({
  role: z.literal("user"),
  content: ContentSchema,
  timestamp,
});
export type UserMessage = z.infer<typeof UserMessageSchema>;

export const AssistantMessageSchema = z.looseObject({
  role: z.literal("assistant"),
  content: z._default(ContentSchema, []),
  api: z.optional(z.string()),
  provider: z.optional(z.string()),
  model: z.optional(z.string()),
  responseModel: z.optional(z.string()),
  // Pi 1.x: the thinking level this request was sent with (under a router, the physical model's).
  thinkingLevel: z.optional(z.string()),
  // Converted to the canonical Usage in one place: src/usage/to-usage.ts.
  usage: z.optional(z.unknown()),
  stopReason: z.optional(z.string()),
  errorMessage: z.optional(z.string()),
  timestamp,
});
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;

export const ToolResultMessageSchema = z.looseObject({
  role: z.literal("toolResult"),
  toolCallId: z.optional(z.string()),
  toolName: z.optional(z.string()),
  content: z._default(ContentSchema, []),
  details: z.optional(z.unknown()),
  usage: z.optional(z.unknown()),
  isError: z.optional(z.boolean()),
  timestamp,
});
export type ToolResultMessage = z.infer<typeof ToolResultMessageSchema>;

export const BashExecutionMessageSchema = z.looseObject({
  role: z.literal("bashExecution"),
  command: z.string(),
  output: z._default(z.string(), ""),
  exitCode: z.optional(z.nullable(z.number())),
  cancelled: z.optional(z.boolean()),
  truncated: z.optional(z.boolean()),
  fullOutputPath: z.optional(z.string()),
  excludeFromContext: z.optional(z.boolean()),
  timestamp,
});
export type BashExecutionMessage = z.infer<typeof BashExecutionMessageSchema>;

export const CustomMessageSchema = z.looseObject({
  role: z.literal("custom"),
  customType: z.optional(z.string()),
  content: z._default(ContentSchema, []),
  display: z.optional(z.boolean()),
  details: z.optional(z.unknown()),
  timestamp,
});
export type CustomMessage = z.infer<typeof CustomMessageSchema>;

/** The prompt and tool loadout. Its layout is not pinned down, so everything but the role is read later. */
export const SystemMessageSchema = z.looseObject({ role: z.literal("system"), timestamp });
export type SystemMessage = z.infer<typeof SystemMessageSchema>;

/** A message whose role is unknown, or whose shape is wrong for its role: kept exactly as stored. */
export interface OtherMessage {
  role: "other";
  /** The stored `role` value, whatever it was. */
  storedRole: unknown;
  value: Record<string, unknown>;
  /** Why it could not be read as a known message. */
  reason: string;
  /** True when the role is known but the shape is wrong, false for an unknown role. */
  malformed: boolean;
}

export type StoredMessage =
  | UserMessage
  | AssistantMessage
  | ToolResultMessage
  | BashExecutionMessage
  | CustomMessage
  | SystemMessage
  | OtherMessage;

const messageSchemas = {
  user: UserMessageSchema,
  assistant: AssistantMessageSchema,
  toolResult: ToolResultMessageSchema,
  bashExecution: BashExecutionMessageSchema,
  custom: CustomMessageSchema,
  system: SystemMessageSchema,
} as const;

/** Reads a stored AgentMessage; a wrong shape or unknown role gives an `other` message with the reason. */
export function parseMessage(value: unknown): StoredMessage {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      role: "other",
      storedRole: undefined,
      value: { value },
      reason: "the message is not an object",
      malformed: true,
    };
  }
  const record = value as Record<string, unknown>;
  const role = record.role;
  if (typeof role !== "string" || !Object.hasOwn(messageSchemas, role)) {
    const reason = typeof role === "string" ? `unknown message role "${role}"` : "the message has no role";
    return { role: "other", storedRole: role, value: record, reason, malformed: typeof role !== "string" };
  }
  const result = messageSchemas[role as keyof typeof messageSchemas].safeParse(record);
  if (result.success) return result.data;
  return {
    role: "other",
    storedRole: role,
    value: record,
    reason: `${role} message: ${describeIssue(result.error)}`,
    malformed: true,
  };
}
