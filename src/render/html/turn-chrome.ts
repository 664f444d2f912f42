import type { TurnUsageView } from "../../view/entry-view.js";
import { formatCost, formatInteger, formatTokens } from "../../view/format.js";
import type { PromptSummary } from "../../view/prompt-index.js";
import type { HtmlEntry, HtmlNode, HtmlTurn } from "./template-data.js";

/** Tools by count, most used first: `read ×8, bash ×3, edit`. */
export function toolsText(tools: readonly { name: string; count: number }[]): string {
  return [...tools]
    .sort((a, b) => b.count - a.count)
    .map(({ name, count }) => (count === 1 ? name : `${name} ×${count}`))
    .join(", ");
}

/** The agent's side of a turn: replies and the results of calls not shown inside them. */
const AGENT_PARTIALS: ReadonlySet<string> = new Set(["message-assistant", "message-tool-result"]);

function modelKey(body: HtmlEntry["body"]): string | null {
  if (body.partial !== "message-assistant" || body.model === null) return null;
  return [body.provider, body.model, body.router, body.unrouted, body.responseModel, body.thinkingLevel].join(
    "\u0000",
  );
}

/**
 * One line of chrome per turn instead of one per entry: a prompt's head carries the turn's calls, tokens,
 * cost and time; the agent's entries that follow it have no head of their own (their time, tokens and
 * cost are on their link's hover) and join one card; a reply names its model only where the model
 * changes. Mutates the nodes (they are the page model, built just before).
 */
export function applyTurnChrome(nodes: readonly HtmlNode[], prompts: readonly PromptSummary[]): void {
  const turns = new Map(
    prompts.map((summary) => [summary.anchor, { summary, toolsText: toolsText(summary.tools) }]),
  );
  chromeOf(nodes, turns);
}

interface FailureRun {
  key: string;
  body: Extract<HtmlEntry["body"], { partial: "message-assistant" }>;
}

/** A failed reply that holds nothing but its error: what a retried request leaves. */
function bareFailure(body: HtmlEntry["body"]): string | null {
  if (body.partial !== "message-assistant" || !body.failed || body.parts.length > 0) return null;
  return `${body.stopReason}\u0000${body.errorMessage ?? ""}`;
}

function chromeOf(nodes: readonly HtmlNode[], turns: ReadonlyMap<string, HtmlTurn>): void {
  let previous: "prompt" | "agent" | "other" = "other";
  let lastModel: string | null = null;
  // The first of a run of identical failures: it shows the error once, with the count.
  let failureRun = null as FailureRun | null;
  for (const node of nodes) {
    if ("fold" in node) {
      chromeOf(node.fold.nodes, turns);
      previous = "other";
      continue;
    }
    const { entry } = node;
    const { body } = entry;
    if (body.partial === "message-user") {
      entry.turn = turns.get(entry.anchor) ?? null;
      previous = "prompt";
      continue;
    }
    if (!AGENT_PARTIALS.has(body.partial)) {
      previous = "other";
      continue;
    }
    if (previous !== "other") {
      entry.head = false;
      entry.cont = previous === "agent";
    }
    const failure = bareFailure(body);
    if (failure !== null && failureRun?.key === failure && previous === "agent") {
      failureRun.body.repeats += 1;
      entry.repeat = true;
      continue;
    }
    failureRun = failure !== null && body.partial === "message-assistant" ? { key: failure, body } : null;
    if (body.partial === "message-assistant") {
      const key = modelKey(body);
      // Where the model is the one before, its line says nothing new; a failed reply still says why.
      // A call whose usage nobody recorded says so on its card: unknown is not $0, nor the turn's sum.
      const unrecorded = body.usage?.unrecorded === true;
      body.meta = (key !== null && key !== lastModel) || unrecorded;
      body.usageShown = unrecorded;
      if (key !== null) lastModel = key;
    }
    previous = "agent";
  }
}

/** A call's usage as its badge words it (usage-badge.hbs), with the parts it adds up from. */
function usageText(usage: TurnUsageView): string {
  if (usage.unrecorded) return "usage not recorded";
  const words = [`${formatTokens(usage.totalTokens)} tokens`];
  if (usage.reasoning > 0) words.push(`${formatTokens(usage.reasoning)} reasoning`);
  if (usage.cacheWrite1h > 0) words.push(`${formatTokens(usage.cacheWrite1h)} cache write 1h`);
  words.push(
    usage.unpriced
      ? "unpriced"
      : usage.billed === null
        ? formatCost(usage.cost)
        : `${formatCost(usage.cost)} billed by the provider (its rates give ${formatCost(usage.billed.partsCost)})`,
  );
  const parts = `input ${formatInteger(usage.input)}, output ${formatInteger(usage.output)}, cache read ${formatInteger(usage.cacheRead)}, cache write ${formatInteger(usage.cacheWrite)}`;
  return `${words.join(" · ")} (${parts})`;
}

/** What an entry's link shows on hover: where it is in the file, when, what it cost, its context status. */
export function entryHover(
  line: number,
  time: string | null,
  usage: TurnUsageView | null,
  status: string | null,
): string {
  const parts = [`line ${line}`];
  if (time !== null) parts.push(time);
  if (usage !== null) parts.push(usageText(usage));
  if (status !== null) parts.push(status);
  return parts.join(" · ");
}
