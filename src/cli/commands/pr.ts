import { resolve } from "node:path";
import type { Command } from "commander";
import { UsageError } from "../../output/usage-error.js";
import type { CliIo } from "../io.js";
import { addRedactOptions, redactionSettings } from "../redact-options.js";

/** The options `pi-report pr` parses. */
export interface PrCommandOptions {
  base?: string;
  since?: string;
  anyTime?: boolean;
  pr?: string;
  dryRun?: boolean;
  sessionsDir?: string;
  links: boolean;
  totals?: string;
  redact: string[] | false;
}

/**
 * Adds `pi-report pr` to the program: one comment on the branch's pull request with what its Pi sessions
 * cost and did, posted or updated in place through `gh`.
 */
export function registerPrCommand(program: Command, io: CliIo): void {
  program.enablePositionalOptions();
  const pr = program.command("pr");
  addRedactOptions(pr, "the comment");
  pr.description(
    "Post (or update in place) one pull-request comment with the cost, sessions, changed files and failures of this branch's Pi sessions.",
  )
    .option("--base <ref>", "the branch the work started from (default: origin/HEAD, else main or master)")
    .option("--since <date>", "sessions that ran since this date instead of since the merge base")
    .option(
      "--any-time",
      "every session of this repository, whatever its time (a CI job's own sessions folder)",
    )
    .option("--pr <number>", "the pull request to comment on (default: the current branch's)")
    .option("--dry-run", "print the comment instead of posting it")
    .option(
      "--sessions-dir <dir>",
      "look for sessions in this folder (all projects together) instead of Pi's",
    )
    .option("--no-links", "do not look up shared reports (pi-report share) to link")
    .option("--totals <file>", "also write the totals as JSON to this file (for a cost threshold in CI)")
    .action(async (options: PrCommandOptions) => {
      await prCommand(options, io);
    });
}

function prNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value))
    throw new UsageError(`--pr ${value}: give the pull request's number, like --pr 42.`);
  return Number(value);
}

/**
 * A total that is no finite number (replies recording 1e308 dollars add up to Infinity) would be written
 * as null, and a threshold compared with null or NaN never trips: the run fails instead (fail closed).
 *
 * @throws {UsageError} naming the figure.
 */
function refuseNonFiniteTotals(totals: Record<string, number>): void {
  for (const [name, value] of Object.entries(totals)) {
    if (Number.isFinite(value)) continue;
    throw new UsageError(
      `--totals: the sessions' ${name} adds up to ${value}, not a number a cost threshold can be checked against; a session records an impossible figure (its report shows which).`,
    );
  }
}

async function prCommand(options: PrCommandOptions, io: CliIo): Promise<void> {
  const { repositoryTop, workWindow } = await import("../../pr/git-window.js");
  const { candidateFiles } = await import("../../pr/repo-sessions.js");
  const { collectPrSessions } = await import("../../pr/pr-sessions.js");
  const { renderPrComment } = await import("../../pr/pr-comment.js");
  const { findPullRequest, postComment } = await import("../../pr/post-comment.js");
  const { findShares } = await import("../../share/find-shares.js");
  const { GhError, ghRunner } = await import("../../github/gh.js");
  const { ghLogin } = await import("../../github/login.js");
  const { writeFileAtomically } = await import("../../io/write-file-atomically.js");
  const { roundCost } = await import("../../usage/totals.js");
  if (
    [options.base !== undefined, options.since !== undefined, options.anyTime === true].filter(Boolean)
      .length > 1
  ) {
    throw new UsageError("--base, --since and --any-time each choose the sessions: give one of them.");
  }
  const number = prNumber(options.pr);
  const top = repositoryTop(io.cwd);
  const window = workWindow(top, options);
  const gh = ghRunner({ env: io.env, cwd: top, otherwise: "use --dry-run" });
  // Before the sessions are read: a comment that cannot be posted is said at once.
  const target = options.dryRun === true ? null : await findPullRequest(gh, number);
  // Whose comment may be edited: ours only (see postComment).
  const login = target === null ? null : await ghLogin(gh, io.env);
  const { root, files } = candidateFiles(top, io.env, options.sessionsDir);
  const redaction = redactionSettings(options.redact);
  const found = await collectPrSessions(files, top, window, redaction);
  const links = new Map<string, string>();
  if (options.links && found.sessions.length > 0) {
    try {
      // Newest first: a session shared twice links to its latest share, in Pi's viewer.
      for (const share of await findShares({ env: io.env }))
        if (!links.has(share.sessionId)) links.set(share.sessionId, share.viewerUrl);
    } catch (error) {
      if (!(error instanceof GhError)) throw error;
      io.stderr.write(`pi-report: shared reports not linked (${error.message.replace(/\.$/, "")})\n`);
    }
  }
  const body = renderPrComment({ found, window, links, redacted: redaction.enabled });
  for (const { path, reason } of found.unreadable)
    io.stderr.write(`pi-report: ${path}: not counted: ${reason}\n`);
  io.stderr.write(
    `pi-report: ${found.sessions.length} session(s) of ${top} in ${root} (${window.description})\n`,
  );
  if (options.totals !== undefined) {
    const { total } = found;
    const totals = {
      sessions: found.sessions.length,
      // Rounded as every report rounds dollars: a sum of cents is not 4.6000000000000005 here.
      cost: roundCost(total.total.cost),
      totalTokens: total.total.totalTokens,
      unpricedTokens: total.total.unpricedTokens,
      subagentCost: roundCost(total.subagent.cost),
    };
    refuseNonFiniteTotals(totals);
    await writeFileAtomically(resolve(io.cwd, options.totals), `${JSON.stringify(totals, null, 2)}\n`);
  }
  if (target === null || login === null) {
    io.stdout.write(body);
    return;
  }
  const posted = await postComment(gh, target, body, login);
  io.stderr.write(`pi-report: ${posted.action} the comment on ${target.url}: ${posted.url}\n`);
  if (!redaction.enabled) io.stderr.write("pi-report: Secrets were not redacted (--no-redact).\n");
}
