import * as z from "zod/mini";

/** The first line of a session file: metadata, not a tree node. */
export const SessionHeaderSchema = z.looseObject({
  type: z.literal("session"),
  version: z.optional(z.number()),
  id: z.optional(z.string()),
  timestamp: z.optional(z.string()),
  cwd: z.optional(z.string()),
  parentSession: z.optional(z.string()),
  /** Older headers named the file a session was branched from here. */
  branchedFrom: z.optional(z.string()),
});
export type SessionHeader = z.infer<typeof SessionHeaderSchema>;
