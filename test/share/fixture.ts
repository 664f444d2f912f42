import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SEEDS } from "../redact/fake-secrets.js";

const seed = SEEDS.find((one) => one.kind === "github-token");
if (seed === undefined) throw new Error("fake-secrets.ts has no github-token seed");
/** A GitHub token that must never reach a gist. */
export const SECRET = seed.secret;
/** Words of the first prompt that reach the report and the gist's title. */
export const ASKED = "Rotate the deploy key-5821";
export const SESSION_ID = "5f0c2d1e-aaaa-4bbb-8ccc-0123456789ab";

/**
 * A two-entry Pi session (v3) whose first prompt, and so its title, holds the token: the title goes into
 * the gist's description, so it must be redacted there too. Entry ids are 8 hex digits, as Pi writes them.
 */
export function writeSecretSession(dir: string): string {
  const path = join(dir, "2026-12-01T10-00-00-000Z_secret.jsonl");
  const lines = [
    { type: "session", version: 3, id: SESSION_ID, timestamp: "2026-12-01T10:00:00.000Z", cwd: dir },
    {
      type: "message",
      id: "a1b2c3d4",
      parentId: null,
      timestamp: "2026-12-01T10:00:01.000Z",
      message: { role: "user", content: `${ASKED} with ${SECRET}`, timestamp: 1796119201000 },
    },
    {
      type: "message",
      id: "b2c3d4e5",
      parentId: "a1b2c3d4",
      timestamp: "2026-12-01T10:00:02.000Z",
      message: {
        role: "assistant",
        content: [{ type: "text", text: `Rotated; the old one was ${SECRET}.` }],
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        usage: {
          input: 10,
          output: 5,
          cacheRead: 0,
          cacheWrite: 0,
          totalTokens: 15,
          cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
        },
        stopReason: "stop",
        timestamp: 1796119202000,
      },
    },
  ];
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return path;
}

/**
 * A session of `prompts` prompts and replies, long enough that the page scrolls; entry ids are 8 hex
 * digits (`p0000001`-style ids are not: Pi's viewer takes only hex `targetId`s).
 */
export function writeLongSession(dir: string, prompts: number): { path: string; ids: string[] } {
  const path = join(dir, "2026-12-01T11-00-00-000Z_long.jsonl");
  const ids: string[] = [];
  const lines: unknown[] = [
    {
      type: "session",
      version: 3,
      id: "6a7b8c9d-0000-4000-8000-000000000001",
      timestamp: "2026-12-01T11:00:00.000Z",
      cwd: dir,
    },
  ];
  let parentId: string | null = null;
  for (let turn = 0; turn < prompts * 2; turn += 1) {
    const id = (0xc0de0000 + turn).toString(16);
    ids.push(id);
    const time = 1796122800000 + turn * 1000;
    const message =
      turn % 2 === 0
        ? {
            role: "user",
            content: `Question ${turn / 2}: ${"explain the build. ".repeat(20)}`,
            timestamp: time,
          }
        : {
            role: "assistant",
            content: [
              { type: "text", text: `Answer ${(turn - 1) / 2}.\n\n${"It builds in stages. ".repeat(40)}` },
            ],
            provider: "anthropic",
            model: "claude-sonnet-4-5",
            usage: {
              input: 10,
              output: 5,
              cacheRead: 0,
              cacheWrite: 0,
              totalTokens: 15,
              cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
            },
            stopReason: "stop",
            timestamp: time,
          };
    lines.push({ type: "message", id, parentId, timestamp: new Date(time).toISOString(), message });
    parentId = id;
  }
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return { path, ids };
}
