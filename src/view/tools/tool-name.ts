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
  // Found with indexOf: a regex's lazy `(.+?)__` retried every split of a long name (quadratic).
  if (!name.startsWith("mcp__") || /[\n\r\u2028\u2029]/.test(name)) return null;
  const split = name.indexOf("__", "mcp__".length + 1);
  if (split === -1 || split + 2 >= name.length) return null;
  return { server: name.slice("mcp__".length, split), tool: name.slice(split + 2) };
}
