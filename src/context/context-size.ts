import type { SessionEntry } from "../schema/entry.js";
import type { ContextMessage } from "./context-message.js";
import { currentSystemTokens, estimateTokens } from "./estimate-tokens.js";

/**
 * The context size at a tip as Pi 1.6's `getContextUsage` computes it (dist/core/agent-session.js, with
 * `estimateProjectedContextTokens` in dist/core/compaction/compaction.js): the last usable reply's tokens
 * plus Pi's estimate of the messages after it; where no usable reply is left, or a `context_edit` or
 * compaction came after it, Pi's estimate of the whole context. Unknown (null) only where Pi says so: after
 * a compaction, until a usable reply comes after it (the last size before it is not the size after it).
 * `path` is the root-to-tip path, `messages` the context built from it.
 */
export function contextSize(
  path: readonly SessionEntry[],
  compactionAt: number,
  messages: readonly ContextMessage[],
): number | null {
  const positionOf = new Map(path.map((entry, position) => [entry.id, position]));
  const position = (message: ContextMessage): number =>
    positionOf.get(message.entryId ?? message.fromEntryId ?? "") ?? -1;
  if (compactionAt !== -1 && !messages.some((m) => position(m) > compactionAt && usableTokens(m) !== null))
    return null;
  let last = messages.length - 1;
  while (last >= 0 && usableTokens(messages[last] as ContextMessage) === null) last -= 1;
  const lastInvalidating = path.findLastIndex(
    ({ body }) => body.type === "context_edit" || body.type === "compaction",
  );
  if (last >= 0 && position(messages[last] as ContextMessage) > lastInvalidating) {
    let tokens = usableTokens(messages[last] as ContextMessage) as number;
    for (const message of messages.slice(last + 1)) tokens += estimateTokens(message.message);
    return tokens;
  }
  let tokens = currentSystemTokens(messages);
  for (const { message } of messages) if (message.role !== "system") tokens += estimateTokens(message);
  return tokens;
}

/**
 * A reply's context tokens if Pi would use them (`getAssistantUsage`: not aborted or an error, with usage
 * whose `calculateContextTokens` is above 0): the stored `totalTokens`, else the sum of the four counts.
 */
function usableTokens({ message }: ContextMessage): number | null {
  if (message.role !== "assistant" || message.stopReason === "aborted" || message.stopReason === "error")
    return null;
  const usage = message.usage as Record<string, unknown> | null | undefined;
  if (!usage) return null;
  // JavaScript's `||` and `+` on the stored values, as Pi's code does them.
  const sum =
    (usage.input as number) +
    (usage.output as number) +
    (usage.cacheRead as number) +
    (usage.cacheWrite as number);
  const tokens = (usage.totalTokens as number) || sum;
  return typeof tokens === "number" && tokens > 0 ? tokens : null;
}
