import { GhError, type GhRunner, ghOutput } from "../github/gh.js";
import { UsageError } from "../output/usage-error.js";
import { PR_COMMENT_MARKER } from "./pr-comment.js";

/** A pull request as `gh pr view` names it. */
export interface PullRequest {
  owner: string;
  repo: string;
  number: number;
  url: string;
}

/**
 * The pull request of the current branch, or number `pr` of the current repository.
 *
 * @throws {UsageError} when there is none, saying how to give one.
 */
export async function findPullRequest(gh: GhRunner, pr?: number): Promise<PullRequest> {
  let out: string;
  try {
    out = await ghOutput(gh, [
      "pr",
      "view",
      ...(pr === undefined ? [] : [String(pr)]),
      "--json",
      "number,url",
    ]);
  } catch (error) {
    if (
      error instanceof GhError &&
      /no (open )?pull requests? found|could not resolve/i.test(error.result?.stderr ?? "")
    ) {
      throw new UsageError(
        pr === undefined
          ? "no pull request for this branch: open one (gh pr create), give --pr <number>, or use --dry-run."
          : `no pull request #${pr} in this repository: check the number, or use --dry-run.`,
      );
    }
    throw error;
  }
  const { number, url } = JSON.parse(out) as { number: number; url: string };
  const parts = /^https?:\/\/[^/]+\/([^/]+)\/([^/]+)\/pull\/(\d+)/.exec(url);
  if (parts === null)
    throw new UsageError(`gh pr view gave a pull request URL this tool cannot read: ${url}`);
  return { owner: parts[1] as string, repo: parts[2] as string, number, url };
}

/** What `postComment` did, and the comment's address. */
export interface Posted {
  action: "created" | "updated";
  url: string;
}

/** A pull-request comment as GitHub lists it (`GET /repos/{owner}/{repo}/issues/{number}/comments`). */
interface ListedComment {
  id?: unknown;
  body?: unknown;
  user?: { login?: unknown } | null;
}

/**
 * The id of the comment to edit: the first that starts with our hidden marker AND was written by `login`.
 * Anyone can start a comment with the marker (GitHub hides it: "<!-- pi-report:pr -->\nLGTM" reads
 * "LGTM"); a comment of someone else's is never taken, whoever may edit it.
 */
function ownComment(listed: string, login: string): number | undefined {
  for (const line of listed.split("\n")) {
    if (line.trim() === "") continue;
    let comment: ListedComment;
    try {
      comment = JSON.parse(line) as ListedComment;
    } catch {
      throw new GhError(`gh listed something that is not a comment: ${line.slice(0, 80)}`);
    }
    if (
      typeof comment.body === "string" &&
      comment.body.startsWith(PR_COMMENT_MARKER) &&
      comment.user?.login === login &&
      typeof comment.id === "number" &&
      Number.isSafeInteger(comment.id)
    )
      return comment.id;
  }
  return undefined;
}

/**
 * Posts `body` on the pull request, or, when a comment of ours is there already (its first line is the
 * hidden marker, and `login`, the account gh writes as, wrote it), edits that one in place: re-runs keep
 * one comment, not a growing thread.
 */
export async function postComment(
  gh: GhRunner,
  pr: PullRequest,
  body: string,
  login: string,
): Promise<Posted> {
  const issue = `repos/${pr.owner}/${pr.repo}/issues`;
  // Each comment on a line of its own: `--paginate` alone would print one JSON array per page, side by side.
  const listed = await ghOutput(gh, ["api", `${issue}/${pr.number}/comments`, "--paginate", "--jq", ".[]"]);
  const existing = ownComment(listed, login);
  const input = JSON.stringify({ body });
  const answer =
    existing === undefined
      ? await ghOutput(gh, ["api", "-X", "POST", `${issue}/${pr.number}/comments`, "--input", "-"], input)
      : await ghOutput(gh, ["api", "-X", "PATCH", `${issue}/comments/${existing}`, "--input", "-"], input);
  const { html_url: url } = JSON.parse(answer) as { html_url?: string };
  return { action: existing === undefined ? "created" : "updated", url: url ?? pr.url };
}
