import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GhError, type GhRunner, ghNotLoggedIn, ghSaid } from "../github/gh.js";
import { type Share, shareOfGist } from "./find-shares.js";
import { deleteGist, gistIdOf, readGist } from "./gist-api.js";
import { shareDescription } from "./share-description.js";
import { VIEWER_FILE } from "./viewer-url.js";

/** The Markdown summary's name in the gist (GitHub shows it rendered on the gist's page). */
export const SUMMARY_FILE = "summary.md";

/** What is shared: the redacted report and summary, and what the gist's description says. */
export interface ShareFiles {
  html: string;
  markdown: string;
  title: string;
  sessionId: string;
}

/** What `gh auth status` says when no usable token is there (gh 2.2x-2.8x). */
const NOT_LOGGED_IN = /not logged in|authentication failed|no longer valid|gh auth login/i;

/**
 * Refuses early when gh has no usable login. Any other failure of `gh auth status` (a token without
 * `read:org`, which gists do not need; GitHub unreachable) is left to the next gh call to explain.
 */
export async function requireLogin(gh: GhRunner): Promise<void> {
  const status = await gh(["auth", "status"]);
  if (status.code !== 0 && NOT_LOGGED_IN.test(status.stderr)) throw new GhError(ghNotLoggedIn());
}

/** The gist's address: the last line of `gh gist create`'s output that is a URL. */
function createdUrl(stdout: string): string | null {
  const urls = stdout
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^https?:\/\/\S+$/.test(line));
  return urls.at(-1) ?? null;
}

/**
 * Shares the files as one gist, secret unless `isPublic`: one `gh gist create` with both files, so
 * nothing is half-uploaded; then reads the gist back and deletes it again when that fails or a file is
 * missing, so a share is either whole or gone.
 *
 * @throws {GhError} naming what failed and whether anything is left.
 */
export async function createShare(
  files: ShareFiles,
  options: { gh: GhRunner; isPublic: boolean; env?: Record<string, string | undefined> },
): Promise<Share> {
  const { gh } = options;
  await requireLogin(gh);
  const dir = mkdtempSync(join(tmpdir(), "pi-report-share-"));
  try {
    // gh names each file of the gist after the file it is given.
    const html = join(dir, VIEWER_FILE);
    const summary = join(dir, SUMMARY_FILE);
    writeFileSync(html, files.html);
    writeFileSync(summary, files.markdown);
    const description = shareDescription(files.title, files.sessionId);
    const created = await gh([
      "gist",
      "create",
      ...(options.isPublic ? ["--public"] : []),
      "--desc",
      description,
      html,
      summary,
    ]);
    if (created.code !== 0)
      throw new GhError(`could not create the gist: ${ghSaid(created)}; nothing was shared.`);
    const url = createdUrl(created.stdout);
    if (url === null) {
      throw new GhError(
        "gh created a gist but did not print its address: find it with pi-report share --list.",
      );
    }
    return await checkCreated(gh, gistIdOf(url), options.env ?? {});
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The created gist read back, both files there; deleted again when it cannot be. */
async function checkCreated(
  gh: GhRunner,
  gistId: string,
  env: Record<string, string | undefined>,
): Promise<Share> {
  let why: string;
  try {
    const gist = await readGist(gh, gistId);
    const missing = [VIEWER_FILE, SUMMARY_FILE].filter((name) => gist?.files?.[name] === undefined);
    const share = gist === null ? null : shareOfGist(gist, env);
    if (missing.length === 0 && share !== null) return share;
    why = gist === null ? "it is not there" : `it lacks ${missing.join(" and ") || "its description"}`;
  } catch (error) {
    why = error instanceof Error ? error.message : String(error);
  }
  const failed = await deleteGist(gh, gistId);
  throw new GhError(
    failed === null
      ? `could not check the new gist ${gistId} (${why}): deleted it again; nothing is shared.`
      : `could not check the new gist ${gistId} (${why}), nor delete it (${failed}): delete it with gh gist delete ${gistId}.`,
  );
}
