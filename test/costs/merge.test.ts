/** `pi-report costs --merge`: a team's total from several machines' archives, every session and entry once. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runArchive } from "../../src/archive/run/run-archive.js";
import type { CostsJson } from "../../src/costs/costs-json.js";
import { header, jsonl, reply, SONNET, user } from "../archive/pi-folder.js";
import { runCli } from "../helpers/cli.js";
import { costs, costsFolderCopy, dollars } from "./helpers.js";

/** One session of bob's own: sonnet 2,000/200 at $3/$15 per M = $0.009, 2,200 tokens, on 2025-06-21. */
const BOBS = [
  header("bob", "2025-06-21T10:00:00.000Z", "/home/bob/web"),
  user("b1", null, "2025-06-21T10:00:01.000Z", "fix the footer"),
  reply("b2", "b1", "2025-06-21T10:00:02.000Z", SONNET, 2000, 200, 0.009),
];

/** A machine's archive of a copy of fixtures/costs (bob's with his own session besides). */
async function machineSite(machine: string, extra: boolean): Promise<{ folder: string; site: string }> {
  const { folder } = costsFolderCopy();
  if (extra) {
    mkdirSync(join(folder, "--home-bob-web--"));
    writeFileSync(join(folder, "--home-bob-web--", "2025-06-21T10-00-00-000Z_bob.jsonl"), jsonl(BOBS));
  }
  const site = join(folder, "..", `site-${machine}`);
  await runArchive({
    folder,
    output: site,
    machine,
    env: {},
    stderr: { write: () => true },
    workers: 0,
    costsOnly: true,
  });
  return { folder, site };
}

const byMachine = (json: CostsJson) =>
  (json.rows as unknown as { machine: string; total: { totalTokens: number; cost: number } }[]).map((row) => [
    row.machine,
    row.total.totalTokens,
    dollars(row.total.cost),
  ]);

describe("pi-report costs --merge", () => {
  let alice: { folder: string; site: string };
  let bob: { folder: string; site: string };
  beforeAll(async () => {
    alice = await machineSite("alice", false);
    bob = await machineSite("bob", true);
  });

  it("counts the sessions both machines hold once, and each machine's own on it", async () => {
    const json = await costs({
      folder: undefined,
      merge: [alice.site, join(bob.site, "archive.json")],
      by: "machine",
    });
    // Both hold fixtures/costs' five sessions (the same ids): counted once, on the first archive given.
    expect(byMachine(json)).toEqual([
      ["alice", 17_850, 0.03975],
      ["bob", 2_200, 0.009],
    ]);
    expect(dollars(json.total.total.cost)).toBe(0.04875);
    expect(json.total.total.unpricedTokens).toBe(3_000);
    expect(json.sources.folder).toBeNull();
    expect(json.sources.merged).toEqual([join(alice.site, "archive.json"), join(bob.site, "archive.json")]);
    // A merged session shows no figure of Pi's: archive.json carries none.
    const sessions = await costs({ folder: undefined, merge: [alice.site, bob.site], by: "session" });
    expect((sessions.rows as { piShows: unknown }[]).every((row) => row.piShows === null)).toBe(true);
  });

  it("adds this machine's own sessions when a folder is given beside the archives", async () => {
    const json = await costs({ folder: alice.folder, machine: "me", merge: [bob.site], by: "machine" });
    expect(byMachine(json)).toEqual([
      ["me", 17_850, 0.03975],
      ["bob", 2_200, 0.009],
    ]);
    expect(json.sources).toEqual({ folder: alice.folder, merged: [join(bob.site, "archive.json")] });
  });

  it("refuses what is no archive, in one line and with exit code 2", async () => {
    const result = await runCli(["costs", "--merge", alice.folder], {});
    expect(result.code).toBe(2);
    // The archive's own reader says why (merge-archives.ts): costs reads archives through it.
    expect(result.stderr).toMatch(new RegExp(`^pi-report: --merge ${alice.folder}: [^\n]+\n$`));
    expect(result.stdout).toBe("");
  });
});
