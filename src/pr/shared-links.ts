import { type GhContext, runGh } from "./gh.js";

/**
 * The description `pi-report share` gives a gist: `pi-report: <title> (session <sessionId>)`. The id is
 * read from the end, so a title with parentheses of its own does not confuse it.
 */
const SHARE_DESCRIPTION = /^pi-report: .* \(session ([^\s()]+)\)$/s;

/** The session id a gist's description names, when `pi-report share` made it; else null. */
export function sharedSessionId(description: unknown): string | null {
  if (typeof description !== "string") return null;
  return SHARE_DESCRIPTION.exec(description)?.[1] ?? null;
}

/**
 * The reports shared with `pi-report share`, by session id: the user's gists (secret ones too, which
 * only their owner lists) whose description has its shape. GitHub lists gists newest first, so a session
 * shared twice links to its latest share.
 */
export function findSharedLinks(context: GhContext): Map<string, string> {
  const out = runGh(context, [
    "api",
    "gists",
    "--paginate",
    "--jq",
    ".[] | [.description, .html_url] | @json",
  ]);
  const links = new Map<string, string>();
  for (const line of out.split("\n")) {
    if (line.trim() === "") continue;
    const [description, url] = JSON.parse(line) as [unknown, unknown];
    const id = sharedSessionId(description);
    if (id !== null && typeof url === "string" && !links.has(id)) links.set(id, url);
  }
  return links;
}
