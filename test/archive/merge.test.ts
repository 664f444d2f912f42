/**
 * `pi-report archive --merge`: two machines' archives that share a fork's copied entries and a copied
 * session become one site, each session and entry counted once; every total below is worked out by hand
 * from the lines written here.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { runArchive } from "../../src/archive/run/run-archive.js";
import { runMerge } from "../../src/archive/run/run-merge.js";
import { runCli } from "../helpers/cli.js";
import { parseCsv } from "./helpers.js";
import { GPT, header, jsonl, reply, SONNET, user } from "./pi-folder.js";

const API = "/srv/api";
const WEB = "/srv/web";
const ORIGINAL = "2025-06-01T09-00-00-000Z_s-orig.jsonl";

/** alice: the original ($0.01 + $0.02) and a session she later copied to bob's machine ($0.03). */
const alice = {
  [`--srv-api--/${ORIGINAL}`]: [
    header("s-orig", "2025-06-01T09:00:00.000Z", API),
    user("u1", null, "2025-06-01T09:00:01.000Z", "add a login form"),
    reply("r1", "u1", "2025-06-01T09:00:02.000Z", SONNET, 100, 10, 0.01),
    user("u2", "r1", "2025-06-02T09:00:00.000Z", "and a logout button"),
    reply("r2", "u2", "2025-06-02T09:00:01.000Z", SONNET, 200, 20, 0.02),
  ],
  "--srv-web--/2025-06-03T09-00-00-000Z_s-shared.jsonl": [
    header("s-shared", "2025-06-03T09:00:00.000Z", WEB),
    user("w1", null, "2025-06-03T09:00:01.000Z", "style the page"),
    reply("w2", "w1", "2025-06-03T09:00:02.000Z", GPT, 300, 30, 0.03),
  ],
};

/**
 * bob: a fork of alice's original (its first reply copied, $0.01, then its own $0.04), the shared
 * session copied and continued ($0.03 copied, $0.05 his), and one of his own ($0.10, July).
 */
const bob = {
  "--srv-api--/2025-06-04T09-00-00-000Z_s-fork.jsonl": [
    header(
      "s-fork",
      "2025-06-04T09:00:00.000Z",
      API,
      `/home/alice/.pi/agent/sessions/--srv-api--/${ORIGINAL}`,
    ),
    user("u1", null, "2025-06-01T09:00:01.000Z", "add a login form"),
    reply("r1", "u1", "2025-06-01T09:00:02.000Z", SONNET, 100, 10, 0.01),
    user("f1", "r1", "2025-06-04T09:00:01.000Z", "use OAuth instead"),
    reply("f2", "f1", "2025-06-04T09:00:02.000Z", SONNET, 400, 40, 0.04),
  ],
  "--srv-web--/2025-06-03T09-00-00-000Z_s-shared.jsonl": [
    ...alice["--srv-web--/2025-06-03T09-00-00-000Z_s-shared.jsonl"],
    user("w3", "w2", "2025-06-03T10:00:00.000Z", "now the dark theme"),
    reply("w4", "w3", "2025-06-03T10:00:01.000Z", GPT, 500, 50, 0.05),
  ],
  "--srv-web--/2025-07-01T09-00-00-000Z_s-bob.jsonl": [
    header("s-bob", "2025-07-01T09:00:00.000Z", WEB),
    user("b1", null, "2025-07-01T09:00:01.000Z", "write the release notes"),
    reply("b2", "b1", "2025-07-01T09:00:02.000Z", SONNET, 1000, 100, 0.1),
  ],
};

function writeFolder(files: Record<string, Record<string, unknown>[]>): string {
  const root = mkdtempSync(join(tmpdir(), "pi-merge-sessions-"));
  for (const [name, lines] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), jsonl(lines));
  }
  return root;
}

const quiet = { write: () => true };

async function machineSite(
  files: Record<string, Record<string, unknown>[]>,
  machine: string,
  costsOnly = false,
): Promise<string> {
  const output = mkdtempSync(join(tmpdir(), `pi-merge-${machine}-`));
  await runArchive({
    folder: writeFolder(files),
    output,
    env: {},
    stderr: quiet,
    workers: 0,
    machine,
    costsOnly,
  });
  return output;
}

const readJson = (site: string) =>
  JSON.parse(readFileSync(join(site, "archive.json"), "utf8")) as ArchiveJson;
const cents = (dollars: number) => Math.round(dollars * 1e6) / 1e6;

async function merged(inputs: string[]) {
  const output = mkdtempSync(join(tmpdir(), "pi-merge-site-"));
  const summary = await runMerge({ inputs, output });
  return { output, summary, json: readJson(output) };
}

describe("merging two machines' archives", () => {
  it("counts the fork's copied reply and the copied session once: $0.25, 2,750 tokens", async () => {
    const aliceSite = await machineSite(alice, "alice");
    const bobSite = await machineSite(bob, "bob", true);
    const { json, summary } = await merged([aliceSite, join(bobSite, "archive.json")]);
    // r1 0.01 + r2 0.02 + w2 0.03 + w4 0.05 + f2 0.04 + b2 0.10; tokens 110+220+330+550+440+1100.
    expect(cents(json.total.total.cost)).toBe(0.25);
    expect(json.total.total.totalTokens).toBe(2750);
    expect(json.total.total.turns).toBe(6);
    // 5 files, 4 sessions: s-shared is on both machines.
    expect(json.counts.sessions).toBe(4);
    expect(summary).toMatchObject({ archives: 2, machines: 2, sessions: 4 });
    // The fork's copy of r1 is counted in alice's original.
    expect(json.deduplicated).toMatchObject({ entries: 1, sessions: 1 });
    expect(cents(json.deduplicated.usage.cost)).toBe(0.01);
    const rows = (list: { total: { cost: number } }[], key: (row: never) => string | null) =>
      Object.fromEntries(list.map((row) => [key(row as never), cents(row.total.cost)]));
    // alice: r1 + r2; bob: the shared session (his copy holds more) 0.08, f2 0.04, b2 0.10.
    expect(rows(json.machines, (row: { machine: string }) => row.machine)).toEqual({
      alice: 0.03,
      bob: 0.22,
    });
    expect(rows(json.projects, (row: { project: string }) => row.project)).toEqual({
      [API]: 0.07,
      [WEB]: 0.18,
    });
    expect(rows(json.models, (row: { model: string }) => row.model)).toEqual({
      "claude-sonnet-4-5": 0.17,
      "gpt-5": 0.08,
    });
    expect(rows(json.months, (row: { month: string }) => row.month)).toEqual({
      "2025-06": 0.15,
      "2025-07": 0.1,
    });
    expect(rows(json.days, (row: { day: string }) => row.day)).toEqual({
      "2025-06-01": 0.01,
      "2025-06-02": 0.02,
      "2025-06-03": 0.08,
      "2025-06-04": 0.04,
      "2025-07-01": 0.1,
    });
  });

  it("writes costs.csv whose session rows add up to the whole, each naming its machine", async () => {
    const { output } = await merged([await machineSite(alice, "alice"), await machineSite(bob, "bob")]);
    const [head, ...rows] = parseCsv(readFileSync(join(output, "costs.csv"), "utf8"));
    const at = (name: string) => (head ?? []).indexOf(name);
    const sessions = rows.filter((row) => row[0] === "session");
    expect(cents(sessions.reduce((sum, row) => sum + Number(row[at("cost")]), 0))).toBe(0.25);
    expect(sessions.map((row) => `${row[at("session_id")]}@${row[at("machine")]}`).sort()).toEqual([
      "s-bob@bob",
      "s-fork@bob",
      "s-orig@alice",
      "s-shared@bob",
    ]);
    const index = readFileSync(join(output, "index.html"), "utf8");
    expect(index).toContain('id="by-machine"');
  });

  it("gives one archive merged alone, or with itself, the archive's own totals", async () => {
    const bobSite = await machineSite(bob, "bob");
    const own = readJson(bobSite);
    // bob alone: f2 0.04 + r1 0.01 (its original is not in his archive) + w2 0.03 + w4 0.05 + b2 0.10.
    expect(cents(own.total.total.cost)).toBe(0.23);
    for (const inputs of [[bobSite], [bobSite, bobSite]]) {
      const { json } = await merged(inputs);
      expect(json.total).toEqual(own.total);
      expect(json.counts.sessions).toBe(3);
    }
  });

  it("refuses an archive.json of version 1, and -o one of the merged sites", async () => {
    const old = mkdtempSync(join(tmpdir(), "pi-merge-old-"));
    writeFileSync(
      join(old, "archive.json"),
      JSON.stringify({ schemaVersion: 1, generator: { name: "pi-session-report" }, sessions: [] }),
    );
    await expect(merged([old])).rejects.toThrow("archive.json of schema version 1");
    const aliceSite = await machineSite(alice, "alice");
    await expect(runMerge({ inputs: [aliceSite], output: aliceSite })).rejects.toThrow(
      "give the merged site its own folder",
    );
  });
});

describe("--costs-only", () => {
  it("writes no page and no prompt, and the same costs as the full site", async () => {
    const full = readJson(await machineSite(bob, "bob"));
    const site = await machineSite(bob, "bob", true);
    const json = readJson(site);
    expect(json.costsOnly).toBe(true);
    expect(json.total).toEqual(full.total);
    expect(json.sessions.map((session) => session.report)).toEqual([null, null, null]);
    // No file of the folder, the manifest included (G9), holds a prompt: nothing to leave out when sharing.
    const files = readdirSync(site, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(files.map((entry) => entry.name).sort()).toEqual([
      "archive.json",
      "costs.csv",
      "index.html",
      "pi-report-manifest.json",
    ]);
    for (const entry of files) {
      const text = readFileSync(join(entry.parentPath, entry.name), "utf8");
      for (const prompt of [
        "add a login",
        "use OAuth instead",
        "now the dark theme",
        "write the release notes",
      ])
        expect(text, entry.name).not.toContain(prompt);
    }
    expect(json.machine).toBe("bob");
  });
});

describe("the command line", () => {
  it("archives with --machine and --costs-only, then merges with --merge, and says what it did", async () => {
    const one = mkdtempSync(join(tmpdir(), "pi-merge-cli-a-"));
    const two = mkdtempSync(join(tmpdir(), "pi-merge-cli-b-"));
    const site = mkdtempSync(join(tmpdir(), "pi-merge-cli-site-"));
    const a = await runCli(["archive", writeFolder(alice), "-o", one, "--machine", "alice", "--costs-only"]);
    expect(a.code).toBe(0);
    expect(await runCli(["archive", writeFolder(bob), "-o", two, "--machine", "bob"])).toMatchObject({
      code: 0,
    });
    const { code, stderr } = await runCli(["archive", "--merge", one, two, "-o", site]);
    expect(code).toBe(0);
    expect(stderr).toBe(
      `pi-report: merged 2 archives (2 machines): 4 sessions into ${site}; 1 copied entry counted once ($0.010 not added again); total $0.250\n`,
    );
    const both = await runCli(["archive", writeFolder(bob), "--merge", one, "-o", site]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("give either a folder of sessions or --merge with archives, not both");
  });
});
