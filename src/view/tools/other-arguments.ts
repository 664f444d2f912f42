import type { ToolBody } from "../entry-view.js";
import { PATH_ARGUMENTS, parseArgs } from "./args.js";

/**
 * The argument names a tool's body already shows, by kind (the command, the path, the written content,
 * the edits its diff shows): the HTML card and the Markdown block show only the others, so that a written
 * file or an edit's text is not shown twice.
 */
export function shownArguments(body: ToolBody): readonly string[] {
  switch (body.kind) {
    case "bash":
      return ["command", "cmd"];
    case "read":
      return [...PATH_ARGUMENTS, "offset", "limit"];
    case "write":
      return [...PATH_ARGUMENTS, "content"];
    case "edit":
      // The diff shows the edits; when none could be built the arguments stay visible.
      return body.diff === null
        ? PATH_ARGUMENTS
        : [...PATH_ARGUMENTS, "edits", "oldText", "newText", "old_text", "new_text"];
    case "search":
      return ["pattern", "query", "path"];
    case "codemode":
      return ["code"];
    case "subagent":
    case "generic":
      return [];
  }
}

/** The call's arguments less those its body shows; undefined when none are left. */
export function otherArguments(tool: { args: unknown; body: ToolBody }): unknown {
  const { value, object } = parseArgs(tool.args);
  if (value === undefined) return undefined;
  // Arguments that are no object (a string a provider left unparsed) are shown whole.
  if (value !== object) return value;
  const shown = shownArguments(tool.body);
  const rest = Object.fromEntries(Object.entries(object).filter(([key]) => !shown.includes(key)));
  return Object.keys(rest).length === 0 ? undefined : rest;
}
