import type { Command } from "commander";
import type { GhRunner } from "../../github/gh.js";
import { UsageError } from "../../output/usage-error.js";
import { showControlCharactersInLine } from "../../render/primitives/control-characters.js";
import { newestSessionFor } from "../../sessions/find-session.js";
import type { CliIo } from "../io.js";
import { addRedactOptions, redactionSettings } from "../redact-options.js";

/** The options `pi-report share` parses. */
export interface ShareCommandOptions {
  public?: boolean;
  list?: boolean;
  delete?: string;
  redact: string[] | false;
  /** False for `--no-session-file`: the shared page offers no copy of the session file. */
  sessionFile: boolean;
}

/**
 * Adds `pi-report share [session]`: the redacted HTML report and PR summary as one secret gist through
 * the user's `gh`, shown by Pi's viewer; `--list` and `--delete <id>` find and remove what it shared.
 */
export function registerShareCommand(program: Command, io: CliIo): void {
  const share = program.command("share");
  addRedactOptions(share, "the shared report");
  share
    .description(
      "Share a session's redacted HTML report and PR summary as a secret gist (through gh), viewable at pi.dev.",
    )
    .argument("[session]", "the session file (.jsonl); default: the newest Pi session for this directory")
    .option("--public", "make the gist public (listed on your profile) instead of secret")
    .option("--list", "list the reports you shared (from any machine logged in to the same account)")
    .option("--delete <id>", "delete one shared report, by gist id or address")
    .option("--no-session-file", "leave the session file (redacted, for Pi to open) out of the shared report")
    .action(async (session: string | undefined, options: ShareCommandOptions) => {
      // Imported when used: a plain report does not load the share code.
      const share = await import("../../share/index.js");
      // Its errors are GhErrors, usage errors: one line, exit code 2.
      await shareAction(share, session, options, io);
    });
}

type ShareModule = typeof import("../../share/index.js");

async function shareAction(
  share: ShareModule,
  session: string | undefined,
  options: ShareCommandOptions,
  io: CliIo,
): Promise<void> {
  const modes = [options.list === true, options.delete !== undefined].filter(Boolean).length;
  if (modes > 1) throw new UsageError("--list and --delete cannot be used together.");
  if (modes === 1 && (session !== undefined || options.public === true)) {
    throw new UsageError(
      `${options.list === true ? "--list" : "--delete"} takes no session and no --public: it works on what was shared.`,
    );
  }
  const gh = share.ghRunner({ env: io.env, cwd: io.cwd });
  if (options.list === true) return listShares(share, gh, io);
  if (options.delete !== undefined) {
    await share.requireLogin(gh);
    const deleted = await share.deleteShare(options.delete, { gh, env: io.env });
    io.stderr.write(`pi-report: deleted the share of ${deleted.title} (gist ${deleted.gistId})\n`);
    return;
  }
  const sessionPath = session ?? newestSessionFor(io.cwd, io.env);
  if (session === undefined) io.stderr.write(`pi-report: sharing ${sessionPath}\n`);
  const files = await share.renderShareFiles(sessionPath, redactionSettings(options.redact), {
    sessionFile: options.sessionFile !== false,
  });
  const created = await share.createShare(files, { gh, isPublic: options.public === true, env: io.env });
  io.stdout.write(`viewer: ${created.viewerUrl}\ngist:   ${created.gistUrl}\n`);
  const tooLarge = share.viewerSizeNote(Buffer.byteLength(files.html));
  if (tooLarge !== null) io.stderr.write(`pi-report: ${tooLarge}\n`);
  const { redactionSentence, redactionView } = await import("../../view/redaction-view.js");
  const redaction = redactionView(files.redactions);
  if (redaction !== null && (!redaction.enabled || redaction.secrets > 0))
    io.stderr.write(`pi-report: ${redactionSentence(redaction)}\n`);
  io.stderr.write(
    `pi-report: shared as a ${created.public ? "public gist (listed on your profile)" : "secret gist (anyone with the link can see it)"}; delete it with pi-report share --delete ${created.gistId}\n`,
  );
}

/** `--list`: one block per share, newest first. */
async function listShares(share: ShareModule, gh: GhRunner, io: CliIo): Promise<void> {
  await share.requireLogin(gh);
  const shares = await share.findShares({ gh, env: io.env });
  if (shares.length === 0) {
    io.stderr.write(
      "pi-report: nothing shared from this GitHub account yet (pi-report share shares a session)\n",
    );
    return;
  }
  for (const one of shares) {
    // A gist's description is anyone's text (written by another tool, or an older version of this one).
    const lines = [
      `${one.gistId}  ${one.createdAt.slice(0, 10)}  ${one.public ? "public" : "secret"}  ${one.title} (session ${one.sessionId})`,
      `  viewer: ${one.viewerUrl}`,
      `  gist:   ${one.gistUrl}`,
    ];
    io.stdout.write(lines.map((line) => `${showControlCharactersInLine(line)}\n`).join(""));
  }
}
