/** An MCP tool's name split into its server and the server's own tool name. */
export interface McpToolName {
  server: string;
  tool: string;
}

/**
 * `mcp__<server>__<tool>` (how Pi 1.x registers an MCP server's tools) as server and tool; null for any
 * other name. Server names hold no `__` (Pi allows letters, digits, `_` and `-`), so the first `__` after
 * the prefix ends the server; the tool's own name keeps the rest.
 */
export function mcpToolName(name: string): McpToolName | null {
  const match = /^mcp__(.+?)__(.+)$/.exec(name);
  if (match === null) return null;
  const [, server = "", tool = ""] = match;
  return { server, tool };
}
