import { z } from "zod";

/** The first line of a session file: metadata, not a tree node. */
export const SessionHeaderSchema = z.looseObject({
  type: z.literal("session"),
  version: z.number().optional(),
  id: z.string().optional(),
  timestamp: z.string().optional(),
  cwd: z.string().optional(),
  parentSession: z.string().optional(),
  /** Older headers named the file a session was branched from here. */
  branchedFrom: z.string().optional(),
});
export type SessionHeader = z.infer<typeof SessionHeaderSchema>;
