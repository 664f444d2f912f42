import { mcpToolName } from "../../../view/tools/tool-name.js";
import type { ToolTally } from "./collect-facts.js";

/**
 * Tool calls by name as one phrase, in order of first use: `bash ×2, codemode ×1 (bash ×3, edit ×1)`.
 * An MCP server's tools are named once, together, where the server was first used: `MCP docs (search ×2,
 * fetch ×1)`; the calls a tool made while it ran follow it in brackets.
 */
export function toolCountsText(tools: ReadonlyMap<string, ToolTally | number>): string {
  const groups: { server: string | null; items: string[] }[] = [];
  const byServer = new Map<string, string[]>();
  for (const [name, tally] of tools) {
    const count = typeof tally === "number" ? tally : tally.count;
    const nested =
      typeof tally === "number" || tally.nested.size === 0 ? "" : ` (${toolCountsText(tally.nested)})`;
    const mcp = mcpToolName(name);
    const item = `${mcp === null ? name : mcp.tool} ×${count}${nested}`;
    if (mcp === null) {
      groups.push({ server: null, items: [item] });
      continue;
    }
    const items = byServer.get(mcp.server);
    if (items !== undefined) items.push(item);
    else {
      const group = { server: mcp.server, items: [item] };
      byServer.set(mcp.server, group.items);
      groups.push(group);
    }
  }
  return groups
    .map(({ server, items }) => (server === null ? items[0] : `MCP ${server} (${items.join(", ")})`))
    .join(", ");
}
