import { editToModel } from "../../diff/edit-to-model.js";
import type { ToolBody, ToolResultView } from "../entry-view.js";
import { numberField, parseArgs, pathArgument, stringField } from "./args.js";
import type { PresentMessages } from "./present-messages.js";
import { subagentBody } from "./subagent-body.js";

interface BodyInput {
  args: Record<string, unknown>;
  /** The arguments as stored (a string when a provider sent the script as raw input). */
  raw: unknown;
  result: ToolResultView | null;
  present: PresentMessages;
  depth: number;
}

const pathOf = (args: Record<string, unknown>): string => pathArgument(args) ?? "";

const shell = ({ args }: BodyInput): ToolBody => ({
  kind: "bash",
  command: stringField(args, "command", "cmd") ?? "",
  timeout: numberField(args, "timeout"),
});
const search = ({ args }: BodyInput): ToolBody => ({
  kind: "search",
  pattern: stringField(args, "pattern", "query"),
  path: stringField(args, "path"),
});

/** Tool name -> what its card shows. Anything not listed gets the generic card (JSON arguments, output). */
const TOOL_BODIES: Readonly<Record<string, (input: BodyInput) => ToolBody>> = {
  bash: shell,
  powershell: shell,
  read: ({ args }) => ({
    kind: "read",
    path: pathOf(args),
    offset: numberField(args, "offset"),
    limit: numberField(args, "limit"),
  }),
  write: ({ args }) => ({ kind: "write", path: pathOf(args), content: stringField(args, "content") ?? "" }),
  edit: ({ args, result }) => ({
    kind: "edit",
    path: pathOf(args),
    diff: editToModel(args, result?.details) ?? null,
  }),
  grep: search,
  find: search,
  ls: search,
  subagent: ({ result, present, depth }) => subagentBody(result?.details, present, depth),
  // The input is raw JavaScript (codemode.md); Pi stores it as `{ code }`.
  codemode: ({ args, raw }) => ({
    kind: "codemode",
    code: stringField(args, "code") ?? (typeof raw === "string" ? raw : ""),
  }),
};

/**
 * What a tool's card shows, chosen by the tool's name. A tool of another name whose result carries
 * sub-agent runs (forks of Pi name it `task`) is shown as a sub-agent tool.
 */
export function presentToolBody(
  name: string,
  rawArgs: unknown,
  result: ToolResultView | null,
  present: PresentMessages,
  depth: number,
): ToolBody {
  const args = parseArgs(rawArgs).object;
  const body = Object.hasOwn(TOOL_BODIES, name) ? TOOL_BODIES[name] : undefined;
  if (body !== undefined) return body({ args, raw: rawArgs, result, present, depth });
  const runs = subagentBody(result?.details, present, depth);
  if (runs.kind === "subagent" && runs.runs.length > 0) return runs;
  return { kind: "generic" };
}
