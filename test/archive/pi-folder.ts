import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectFolderName } from "../../src/sessions/find-session.js";

/**
 * A Pi-style sessions folder, written by hand for the archive tests. Every figure the tests expect is
 * worked out from the lines below (see the comments), not from the code under test.
 */

type Line = Record<string, unknown>;

export const header = (id: string, timestamp: string, cwd: string, parentSession?: string): Line => ({
  type: "session",
  version: 3,
  id,
  timestamp,
  cwd,
  ...(parentSession === undefined ? {} : { parentSession }),
});

export const user = (id: string, parentId: string | null, timestamp: string, text: string): Line => ({
  type: "message",
  id,
  parentId,
  timestamp,
  message: { role: "user", content: text, timestamp: Date.parse(timestamp) },
});

/** An assistant reply with `input`/`output` tokens and a recorded cost (0 = unpriced). */
export const reply = (
  id: string,
  parentId: string,
  timestamp: string,
  [provider, model]: [string, string],
  input: number,
  output: number,
  cost: number,
): Line => ({
  type: "message",
  id,
  parentId,
  timestamp,
  message: {
    role: "assistant",
    content: [{ type: "text", text: `reply ${id}` }],
    api: "test",
    provider,
    model,
    usage: {
      input,
      output,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: input + output,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
    },
    stopReason: "stop",
    timestamp: Date.parse(timestamp),
  },
});

export const SONNET: [string, string] = ["anthropic", "claude-sonnet-4-5"];
export const GPT: [string, string] = ["openai", "gpt-5"];
const COPILOT: [string, string] = ["github-copilot", "gpt-4.1"];

export const API = "/home/dev/api";
export const WEB = "/home/dev/web";
export const TOOLS = "/srv/tools";

/** A cwd as the site shows it: redaction turns the home a cwd names (/home/dev) into `~`. */
export const shown = (cwd: string): string => cwd.replace(/^\/home\/dev(?=\/|$)/, "~");

/** A file's name below the folder as the site shows it: the home Pi's folder names spell, as `~`. */
export const shownName = (name: string): string => name.replace(/^--home-dev-/, "--~-");

/** The file below the folder that a shown name stands for (every home here is /home/dev). */
export const realName = (name: string): string => name.replace(/^--~-/, "--home-dev-");

/** The original: 2 replies, 110 + 220 = 330 tokens, $0.10 + $0.20 = $0.30, on 2025-06-01. */
const original = [
  header("orig", "2025-06-01T09:00:00.000Z", API),
  user("a1", null, "2025-06-01T09:00:01.000Z", "add a login form"),
  reply("a2", "a1", "2025-06-01T09:00:02.000Z", SONNET, 100, 10, 0.1),
  user("a3", "a2", "2025-06-01T09:00:03.000Z", "and a logout button"),
  reply("a4", "a3", "2025-06-01T09:00:04.000Z", SONNET, 200, 20, 0.2),
];

/** The deleted original of the orphan: 1 reply of 1,100 tokens, $1.00, on 2025-05-30. */
const deleted = [
  header("gone", "2025-05-30T12:00:00.000Z", API),
  user("d1", null, "2025-05-30T12:00:01.000Z", "profile the importer"),
  reply("d2", "d1", "2025-05-30T12:00:02.000Z", SONNET, 1000, 100, 1),
];

/** A session with a reply nobody priced (440 tokens, cost 0) and a sub-agent run (66 tokens, $0.02). */
const subagents = [
  header("subs", "2025-06-04T12:00:00.000Z", WEB),
  user("s1", null, "2025-06-04T12:00:01.000Z", '=HYPERLINK("http://evil.example","click")'),
  reply("s2", "s1", "2025-06-04T12:00:02.000Z", COPILOT, 400, 40, 0),
  {
    type: "message",
    id: "s3",
    parentId: "s2",
    timestamp: "2025-06-04T12:00:03.000Z",
    message: {
      role: "toolResult",
      toolCallId: "call-1",
      toolName: "subagent",
      content: [{ type: "text", text: "done" }],
      isError: false,
      details: {
        mode: "single",
        results: [
          {
            agent: "scout",
            task: "look around",
            exitCode: 0,
            model: "claude-haiku-4-5",
            usage: {
              input: 60,
              output: 6,
              cacheRead: 0,
              cacheWrite: 0,
              cost: 0.02,
              contextTokens: 66,
              turns: 2,
            },
            messages: [],
          },
        ],
      },
      timestamp: Date.parse("2025-06-04T12:00:03.000Z"),
    },
  },
];

export const jsonl = (lines: readonly Line[]): string =>
  lines.map((line) => `${JSON.stringify(line)}\n`).join("");

export interface PiFolder {
  root: string;
  /** Absolute paths of the sessions, by role. */
  files: {
    original: string;
    fork: string;
    orphan: string;
    damaged: string;
    subagents: string;
    notPi: string;
    empty: string;
  };
}

/**
 * Writes the folder:
 * - `original` (api): see above.
 * - `fork` (in web's folder, header cwd web, `parentSession` = the original's path): copies a1-a4 (same ids
 *   and timestamps), then 1 reply of 330 tokens, $0.30, gpt-5, on 2025-06-02. Its own report: 660 tokens,
 *   $0.60; the archive counts 330 tokens, $0.30, and de-duplicates 4 entries, 330 tokens, $0.30.
 * - `orphan` (api): a fork of `deleted`, which is then deleted: copies d1-d2, then 1 reply of 55 tokens,
 *   $0.05 on 2025-06-03. Counted whole: 1,155 tokens, $1.05.
 * - `damaged` (tools): g1, g2 (11 tokens, $0.01) glued to g3 on one line, then a cut-off last line: reads
 *   as g1-g3 with 1 repaired and 1 unreadable line.
 * - `subagents` (web): see above; its first prompt starts with `=` (a spreadsheet formula).
 * - `notes/events.jsonl`: JSON lines that are no Pi session; `api/empty.jsonl`: an empty file.
 */
export function writePiFolder(): PiFolder {
  const root = mkdtempSync(join(tmpdir(), "pi-archive-"));
  const at = (cwd: string, name: string): string => {
    const dir = join(root, projectFolderName(cwd));
    mkdirSync(dir, { recursive: true });
    return join(dir, name);
  };
  const files = {
    original: at(API, "2025-06-01T09-00-00-000Z_orig.jsonl"),
    fork: at(WEB, "2025-06-02T10-00-00-000Z_fork.jsonl"),
    orphan: at(API, "2025-06-03T08-00-00-000Z_orphan.jsonl"),
    damaged: at(TOOLS, "2025-06-04T09-00-00-000Z_damaged.jsonl"),
    subagents: at(WEB, "2025-06-04T12-00-00-000Z_subs.jsonl"),
    notPi: join(root, "notes", "events.jsonl"),
    empty: at(API, "empty.jsonl"),
  };
  const gone = at(API, "2025-05-30T12-00-00-000Z_gone.jsonl");

  writeFileSync(files.original, jsonl(original));
  writeFileSync(
    files.fork,
    jsonl([
      header("fork", "2025-06-02T10:00:00.000Z", WEB, files.original),
      ...original.slice(1),
      user("f1", "a4", "2025-06-02T10:00:01.000Z", "now the same for the web app"),
      reply("f2", "f1", "2025-06-02T10:00:02.000Z", GPT, 300, 30, 0.3),
    ]),
  );
  writeFileSync(gone, jsonl(deleted));
  writeFileSync(
    files.orphan,
    jsonl([
      header("orphan", "2025-06-03T08:00:00.000Z", API, gone),
      ...deleted.slice(1),
      user("o1", "d2", "2025-06-03T08:00:01.000Z", "again, faster"),
      reply("o2", "o1", "2025-06-03T08:00:02.000Z", SONNET, 50, 5, 0.05),
    ]),
  );
  rmSync(gone);

  const g3 = user("g3", "g2", "2025-06-04T09:00:03.000Z", "glued to the line before");
  const g4 = JSON.stringify(reply("g4", "g3", "2025-06-04T09:00:04.000Z", SONNET, 500, 50, 0.5));
  writeFileSync(
    files.damaged,
    `${jsonl([header("damaged", "2025-06-04T09:00:00.000Z", TOOLS), user("g1", null, "2025-06-04T09:00:01.000Z", "fix the build")])}` +
      `${JSON.stringify(reply("g2", "g1", "2025-06-04T09:00:02.000Z", SONNET, 10, 1, 0.01))}${JSON.stringify(g3)}\n` +
      g4.slice(0, 120),
  );
  writeFileSync(files.subagents, jsonl(subagents));
  mkdirSync(join(root, "notes"));
  writeFileSync(files.notPi, '{"event":"click","at":1}\n{"event":"scroll","at":2}\n');
  writeFileSync(files.empty, "");
  return { root, files };
}
