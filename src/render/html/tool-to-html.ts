import { displayPath } from "../../view/display-path.js";
import type { ToolBody, ToolView } from "../../view/entry-view.js";
import { nestedDuration } from "../../view/tools/nested-calls.js";
import { otherArguments } from "../../view/tools/other-arguments.js";
import { mcpToolName } from "../../view/tools/tool-name.js";
import { diffToHtml } from "../primitives/diff/diff-to-html.js";
import { languageFromPath, SHELL_LANGUAGE } from "../primitives/highlight/languages.js";
import {
  codeSlot,
  type HtmlContext,
  htmlImages,
  jsonSlot,
  lineCount,
  markdownSlot,
  type Slot,
  terminalSlot,
} from "./html-context.js";
import type { HtmlNestedCalls, HtmlTool, HtmlToolResult } from "./template-data.js";

/** Outputs longer than this many lines start folded. */
const OPEN_LINES = 20;

type OutputStyle = "terminal" | "markdown" | "plain" | { language: string | undefined };

/** What a card builder returns: its fields and how its output reads. */
type Card = Partial<HtmlTool> & { output: OutputStyle };

/** Tool kind -> how its card is built: the body partial, the headline, and how its output reads. */
const TOOL_CARDS: {
  [K in ToolBody["kind"]]: (
    body: Extract<ToolBody, { kind: K }>,
    tool: ToolView,
    context: HtmlContext,
  ) => Card;
} = {
  bash: (body, tool, context) => ({
    partial: "tool-bash",
    // The command is shown whole, wrapped, in the card: a cut copy in the head would say it twice.
    headline: "",
    command: codeSlot(
      context,
      body.command,
      tool.name === "powershell" ? "powershell" : SHELL_LANGUAGE,
      "command",
    ),
    output: "terminal",
  }),
  read: (body, _tool, context) => {
    const path = displayPath(body.path, context.cwd);
    const range =
      body.offset === null && body.limit === null
        ? null
        : `lines ${body.offset ?? 1}${body.limit === null ? "+" : `–${(body.offset ?? 1) + body.limit - 1}`}`;
    return {
      partial: "tool-read",
      headline: path,
      path,
      range,
      output: { language: languageFromPath(body.path) },
    };
  },
  write: (body, _tool, context) => {
    const path = displayPath(body.path, context.cwd);
    return {
      partial: "tool-write",
      headline: path,
      path,
      content: codeSlot(context, body.content, languageFromPath(body.path), "written-file"),
      contentLines: lineCount(body.content),
      output: "plain",
    };
  },
  edit: (body, _tool, context) => {
    const path = displayPath(body.path, context.cwd);
    const diff = body.diff;
    let slot: Slot | null = null;
    if (diff !== null) {
      const filled: Slot = { html: "" };
      const language = languageFromPath(body.path);
      context.jobs.add(
        "diff",
        () => diffToHtml(diff, { language, budget: context.budget }),
        (html) => {
          filled.html = html;
        },
      );
      slot = filled;
    }
    return {
      partial: "tool-edit",
      headline: path,
      path,
      diff: slot,
      added: diff?.added ?? 0,
      removed: diff?.removed ?? 0,
      output: "plain",
    };
  },
  search: (body) => ({
    partial: "tool-search",
    headline: [body.pattern, body.path].filter((part) => part !== null && part !== "").join(" in "),
    pattern: body.pattern,
    path: body.path ?? undefined,
    output: "terminal",
  }),
  subagent: (body, _tool, context) => ({
    partial: "tool-subagent",
    headline: `${body.runs.length} sub-agent run${body.runs.length === 1 ? "" : "s"}${body.mode ? ` (${body.mode})` : ""}`,
    mode: body.mode,
    runs: body.runs.map((run) => ({
      agent: run.agent,
      task: run.task === null ? null : markdownSlot(context, run.task),
      model: run.model,
      exitCode: run.exitCode,
      failed: (run.exitCode !== null && run.exitCode !== 0) || run.stopReason === "error",
      usage: run.usage,
      turns: run.turns,
      messages: context.subMessages(run.messages),
      sessionFile:
        run.sessionFile === null
          ? null
          : {
              shown: run.sessionFile.shown,
              found: run.sessionFile.found,
              href: run.sessionFile.path === null ? null : context.childPage(run.sessionFile.path),
            },
    })),
    output: "markdown",
  }),
  codemode: (body, _tool, context) => ({
    partial: "tool-codemode",
    headline: "",
    script: codeSlot(context, body.code, "javascript", "command"),
    scriptLines: lineCount(body.code),
    output: "terminal",
  }),
  generic: () => ({ partial: "tool-generic", headline: "", output: "terminal" }),
};

/** A tool call and its result as a card: the call's arguments shown for what the tool is. */
export function toolToHtml(tool: ToolView, context: HtmlContext): HtmlTool {
  const build = TOOL_CARDS[tool.body.kind] as (body: ToolBody, tool: ToolView, context: HtmlContext) => Card;
  const { output, ...fields } = build(tool.body, tool, context);
  const rest = tool.called ? otherArguments(tool) : undefined;
  const result =
    tool.result === null ? null : resultToHtml(tool.result, output, context, DETAILS_SHOWN[tool.body.kind]);
  if (result !== null && tool.body.kind === "subagent" && tool.body.runs.length > 0)
    result.usageCounted = false;
  return {
    partial: "tool-generic",
    headline: "",
    ...fields,
    name: tool.name,
    mcp: mcpToolName(tool.name),
    nested: tool.nested === undefined ? null : { ...tool.nested, duration: nestedDuration(tool.nested) },
    nestedCalls: nestedCallsToHtml(tool, context),
    callId: tool.callId,
    called: tool.called,
    failed: tool.result?.isError === true,
    // Arguments the card's body does not already show stay visible (folded), so nothing is hidden twice or lost.
    args: rest === undefined ? null : jsonSlot(context, rest, "command"),
    result,
  };
}

/** A card's tool name and those of the calls it made while it ran: what the tool filter finds it by. */
export function toolNamesOf(tool: HtmlTool): string[] {
  return [tool.name, ...(tool.nestedCalls?.calls ?? []).flatMap(toolNamesOf)];
}

/** The calls a tool made while it ran, as cards: what a codemode script did, call by call. */
function nestedCallsToHtml(tool: ToolView, context: HtmlContext): HtmlNestedCalls | null {
  const nested = tool.result?.nestedCalls ?? null;
  if (nested === null) return null;
  return {
    calls: nested.calls.map((call) => toolToHtml(call, context)),
    complete: nested.complete,
    unreadable: nested.unreadable,
  };
}

/** Keys of a result's `details` that a card's body already shows (the rest is shown as JSON). */
const DETAILS_SHOWN: Record<ToolBody["kind"], readonly string[]> = {
  bash: [],
  read: [],
  write: [],
  edit: ["diff", "patch"],
  search: [],
  subagent: ["results", "mode"],
  // Pi's codemode keeps its own list of the script's calls; the cards above show them from `nestedCalls`.
  codemode: ["calls"],
  generic: [],
};

function restOfDetails(details: unknown, shown: readonly string[]): unknown {
  if (details === undefined || details === null) return undefined;
  if (typeof details !== "object" || Array.isArray(details)) return details;
  const rest = Object.fromEntries(Object.entries(details).filter(([key]) => !shown.includes(key)));
  return Object.keys(rest).length === 0 ? undefined : rest;
}

function resultToHtml(
  result: NonNullable<ToolView["result"]>,
  style: OutputStyle,
  context: HtmlContext,
  detailsShown: readonly string[],
): HtmlToolResult {
  const text = result.text;
  const lines = lineCount(text);
  let output: Slot;
  if (style === "terminal") output = terminalSlot(text);
  else if (style === "markdown") output = markdownSlot(context, text);
  else if (style === "plain") output = codeSlot(context, text, undefined, "tool-output");
  else output = codeSlot(context, text, style.language, "tool-output");
  return {
    anchor: result.anchor,
    isError: result.isError,
    output,
    lines,
    // A failure's output is what the reader came for; a long success's is folded.
    open: result.isError || lines <= OPEN_LINES,
    empty: text === "",
    images: htmlImages(result.images),
    usage: result.usage,
    usageCounted: true,
    details: ((rest) => (rest === undefined ? null : jsonSlot(context, rest, "tool-output")))(
      restOfDetails(result.details, detailsShown),
    ),
  };
}
