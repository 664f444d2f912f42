import type { PhrasingContent, RootContent } from "mdast";
import { displayPath } from "../../view/display-path.js";
import type {
  NestedCallsView,
  SubagentRunView,
  ToolBody,
  ToolResultView,
  ToolView,
} from "../../view/entry-view.js";
import { firstLine, formatInteger } from "../../view/format.js";
import { nestedDuration } from "../../view/tools/nested-calls.js";
import { otherArguments } from "../../view/tools/other-arguments.js";
import { mcpToolName } from "../../view/tools/tool-name.js";
import { diffToText } from "./diff-to-markdown.js";
import { fenceFromPath, fenceName } from "./fence-language.js";
import { jsonText, lineCount, type MarkdownContext, plural } from "./markdown-context.js";
import { blockquote, code, codeBlock, details, emphasis, paragraph, strong, text } from "./mdast.js";
import { outputBlocks } from "./output-blocks.js";
import { usageBadge, worthABadge } from "./usage-table.js";

/** Written files longer than this many lines are folded (as in the HTML report). */
const OPEN_WRITTEN_LINES = 40;
const SHELL = fenceName("shellscript");

/** What a tool's block shows: inline words after its name, blocks before the output, the output's fence. */
interface ToolShape {
  head: PhrasingContent[];
  blocks: RootContent[];
  /** Fence language of the output (undefined: plain). */
  outputLanguage: string | undefined;
}

/** Tool kind -> its block. Every kind of ToolBody has a line here; a new kind fails to compile. */
const TOOL_SHAPES: {
  [K in ToolBody["kind"]]: (body: Extract<ToolBody, { kind: K }>, context: MarkdownContext) => ToolShape;
} = {
  bash: (body) => ({ head: [], blocks: [codeBlock(body.command, SHELL)], outputLanguage: undefined }),
  read: (body, context) => {
    const range =
      body.offset === null && body.limit === null
        ? ""
        : ` lines ${body.offset ?? 1}${body.limit === null ? "+" : `–${(body.offset ?? 1) + body.limit - 1}`}`;
    return {
      head: [code(displayPath(body.path, context.cwd)), ...(range === "" ? [] : [text(range)])],
      blocks: [],
      outputLanguage: fenceFromPath(body.path),
    };
  },
  write: (body, context) => {
    const lines = lineCount(body.content);
    const content = codeBlock(body.content, fenceFromPath(body.path));
    return {
      head: [code(displayPath(body.path, context.cwd)), text(` · ${plural(lines, "line", "lines")} written`)],
      blocks: lines > OPEN_WRITTEN_LINES ? details("Content", [content]) : [content],
      outputLanguage: undefined,
    };
  },
  edit: (body, context) => ({
    head: [
      code(displayPath(body.path, context.cwd)),
      text(` +${body.diff?.added ?? 0} −${body.diff?.removed ?? 0}`),
    ],
    blocks: [
      body.diff === null
        ? paragraph(emphasis(text("No diff was recorded and none can be computed from the call.")))
        : codeBlock(diffToText(body.diff), "diff"),
    ],
    outputLanguage: undefined,
  }),
  search: (body) => {
    const head: PhrasingContent[] = [];
    if (body.pattern !== null && body.pattern !== "") head.push(text("pattern "), code(body.pattern));
    if (body.path !== null && body.path !== "")
      head.push(text(head.length > 0 ? " in " : ""), code(body.path));
    return { head, blocks: [], outputLanguage: undefined };
  },
  subagent: (body, context) => ({
    head: [
      text(
        `${plural(body.runs.length, "sub-agent run", "sub-agent runs")}${body.mode ? ` (${body.mode})` : ""}`,
      ),
    ],
    blocks: body.runs.flatMap((run) => subagentRun(run, context)),
    // A sub-agent's answer is Markdown; fenced as such, so that it reads as the agent's output.
    outputLanguage: "markdown",
  }),
  codemode: (body) => {
    const script = codeBlock(body.code, "js");
    return {
      head: [text(`script · ${plural(lineCount(body.code), "line", "lines")} of JavaScript`)],
      blocks: lineCount(body.code) > OPEN_WRITTEN_LINES ? details("Script", [script]) : [script],
      outputLanguage: undefined,
    };
  },
  generic: () => ({ head: [], blocks: [], outputLanguage: undefined }),
};

/**
 * A tool call and its result: a line naming the tool and what it acted on (failure and a missing call
 * or result flagged), the call shown for what the tool is (command, diff, written file, sub-agent
 * runs), the output in one fenced block (folded past 20 lines), its images, and the call's other
 * arguments as JSON (all of them, open, for tools shown generically; folded otherwise).
 */
export function toolToMarkdown(tool: ToolView, context: MarkdownContext): RootContent[] {
  const shape = (TOOL_SHAPES[tool.body.kind] as (body: ToolBody, context: MarkdownContext) => ToolShape)(
    tool.body,
    context,
  );
  const mcp = mcpToolName(tool.name);
  // An MCP tool by its own name and its server's, as the HTML card's badge shows it.
  const line: PhrasingContent[] =
    mcp === null
      ? [strong(text(tool.name))]
      : [strong(text(mcp.tool)), text(" (MCP server "), code(mcp.server), text(")")];
  if (shape.head.length > 0) line.push(text(" "), ...shape.head);
  if (tool.result?.isError === true) line.push(text(" · "), strong(text("failed")));
  if (!tool.called) line.push(text(" · "), emphasis(text("call not in view")));
  const nested = tool.nested;
  const duration = nested === undefined ? null : nestedDuration(nested);
  if (duration !== null) line.push(text(` · ${duration}`));
  if (nested !== undefined && !nested.argumentsRecorded) {
    const size = nested.argumentsBytes === null ? "" : ` (${formatInteger(nested.argumentsBytes)} bytes)`;
    line.push(text(" · "), emphasis(text(`arguments not recorded${size}`)));
  }
  if (tool.result === null)
    line.push(text(" · "), emphasis(text(nested === undefined ? "no result recorded" : "unfinished")));
  const blocks: RootContent[] = [paragraph(...line), ...shape.blocks];
  // Only the arguments the block above does not show (as the HTML card does): a written file or an
  // edit's text shown twice made a fifth of a real session's report.
  const rest = tool.called ? otherArguments(tool) : undefined;
  if (rest !== undefined) {
    const args = codeBlock(jsonText(rest), "json");
    if (tool.body.kind === "generic") blocks.push(args);
    else blocks.push(...details("Other arguments", [args]));
  }
  // A sub-agent tool's own usage total is the runs' above, which the report counts (once) through them.
  const countedThroughRuns = tool.body.kind === "subagent" && tool.body.runs.length > 0;
  if (tool.result?.nestedCalls) blocks.push(...nestedBlocks(tool.result.nestedCalls, context));
  // A nested call's output went to the script: Pi records only whether it failed (and why).
  if (tool.result !== null && (nested === undefined || tool.result.isError))
    blocks.push(...resultBlocks(tool.result, shape.outputLanguage, context, countedThroughRuns));
  return blocks;
}

/** The calls a tool made while it ran, quoted under it, each as a block of its own. */
function nestedBlocks(nested: NestedCallsView, context: MarkdownContext): RootContent[] {
  const notes = [
    nested.complete ? null : "record incomplete: Pi leaves out calls and arguments past its limits",
    nested.unreadable > 0 ? `${plural(nested.unreadable, "record", "records")} not readable as a call` : null,
  ].filter((note) => note !== null);
  const intro = `${plural(nested.calls.length, "tool call", "tool calls")} made while it ran${notes.map((note) => ` · ${note}`).join("")}:`;
  return [
    blockquote(
      paragraph(emphasis(text(intro))),
      ...nested.calls.flatMap((call) => toolToMarkdown(call, context)),
    ),
  ];
}

function resultBlocks(
  result: ToolResultView,
  language: string | undefined,
  context: MarkdownContext,
  countedThroughRuns: boolean,
): RootContent[] {
  const blocks = outputBlocks(result.text, {
    error: result.isError,
    language,
    empty: result.images.length > 0 ? "nothing" : "note",
  });
  blocks.push(...context.images.placeAll(result.images));
  if (worthABadge(result.usage)) {
    const counted = countedThroughRuns ? " (the runs above; counted once, through them)" : "";
    blocks.push(
      paragraph(emphasis(text(`Model work inside the tool: ${usageBadge(result.usage)}${counted}`))),
    );
  }
  return blocks;
}

/** One sub-agent run, folded: who ran on which model at what cost, its task, then its own transcript. */
function subagentRun(run: SubagentRunView, context: MarkdownContext): RootContent[] {
  const failed = (run.exitCode !== null && run.exitCode !== 0) || run.stopReason === "error";
  const summary = [
    run.agent ?? "Sub-agent",
    run.model,
    worthABadge(run.usage) ? usageBadge(run.usage) : null,
    run.turns > 0 ? plural(run.turns, "turn", "turns") : null,
    failed ? `failed${run.exitCode !== null && run.exitCode !== 0 ? ` (exit ${run.exitCode})` : ""}` : null,
  ]
    .filter((part): part is string => part !== null && part !== "")
    .join(" · ");
  const children: RootContent[] = [];
  if (run.sessionFile !== null) {
    const where = run.sessionFile.found ? "" : " (not found beside this session)";
    children.push(paragraph(text("Session file "), code(run.sessionFile.shown), text(where)));
  }
  if (run.task !== null) {
    children.push(paragraph(strong(text("Task"))), ...context.session(run.task));
  }
  for (const message of run.messages) children.push(...context.subMessage(message));
  if (children.length === 0) children.push(paragraph(emphasis(text("(no transcript recorded)"))));
  return details(firstLine(summary, 200), children);
}
