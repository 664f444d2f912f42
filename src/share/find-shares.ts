import { GhError, type GhRunner, ghRunner, ghSaid } from "../github/gh.js";
import { parseShareDescription } from "./share-description.js";
import { viewerUrl } from "./viewer-url.js";

/** One session shared by `pi-report share`, as its gist says. */
export interface Share {
  gistId: string;
  gistUrl: string;
  /** Pi's viewer showing the report. */
  viewerUrl: string;
  sessionId: string;
  title: string;
  /** When the gist was made (ISO 8601, GitHub's). */
  createdAt: string;
  public: boolean;
}

/** The fields of GitHub's gist object that are read here (`GET /gists`, `GET /gists/{id}`). */
export interface GistRecord {
  id: string;
  description: string | null;
  html_url: string;
  created_at: string;
  public: boolean;
  files: Record<string, unknown>;
}

function isGistRecord(value: unknown): value is GistRecord {
  if (typeof value !== "object" || value === null) return false;
  const gist = value as Record<string, unknown>;
  return typeof gist.id === "string" && typeof gist.html_url === "string";
}

/** The share a gist is, or null when it is not one of pi-report's. */
export function shareOfGist(gist: GistRecord, env: Record<string, string | undefined> = {}): Share | null {
  const parsed = parseShareDescription(gist.description);
  if (parsed === null) return null;
  return {
    gistId: gist.id,
    gistUrl: gist.html_url,
    viewerUrl: viewerUrl(gist.id, env),
    sessionId: parsed.sessionId,
    title: parsed.title,
    createdAt: gist.created_at,
    public: gist.public === true,
  };
}

/** Options of `findShares`. */
export interface FindSharesOptions {
  /** Only the shares of this session. */
  sessionId?: string;
  /** Where `gh` and its login come from; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Runs gh; default: the `gh` on `env`'s PATH. */
  gh?: GhRunner;
}

/**
 * Every report `pi-report share` shared from the account `gh` is logged in to, newest first, found by
 * the gists' descriptions (so from any machine). With `sessionId`, that session's only: the link for a
 * PR comment is `findShares({ sessionId })[0]?.viewerUrl`.
 *
 * @throws {GhError} when gh is missing, not logged in, or GitHub cannot be reached.
 */
export async function findShares(options: FindSharesOptions = {}): Promise<Share[]> {
  const env = options.env ?? process.env;
  const gh = options.gh ?? ghRunner({ env });
  // Each gist on a line of its own: `--paginate` alone would print one JSON array per page, side by side.
  const result = await gh(["api", "gists", "--paginate", "--jq", ".[]"]);
  if (result.code !== 0) throw new GhError(`could not list your gists: ${ghSaid(result)}`);
  const shares: Share[] = [];
  for (const line of result.stdout.split("\n")) {
    if (line.trim() === "") continue;
    let gist: unknown;
    try {
      gist = JSON.parse(line);
    } catch {
      throw new GhError(`gh listed something that is not a gist: ${line.slice(0, 80)}`);
    }
    if (!isGistRecord(gist)) continue;
    const share = shareOfGist(gist, env);
    if (share !== null && (options.sessionId === undefined || share.sessionId === options.sessionId))
      shares.push(share);
  }
  return shares.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
