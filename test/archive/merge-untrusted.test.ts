/**
 * Another machine's archive.json is untrusted (G2, G3): `--merge` redacts what it lists with this
 * machine's settings, whatever that machine did (an archive made with `--no-redact`), and refuses a file
 * that is not as this tool writes it with one line naming the file and the field (exit 2), never a crash,
 * a hang, a month 13 or a total of $NaN.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { runArchive } from "../../src/archive/run/run-archive.js";
import { runCli } from "../helpers/cli.js";
import { SEEDS } from "../redact/fake-secrets.js";
import { header, jsonl, reply, SONNET, user } from "./pi-folder.js";

const seed = SEEDS.find((one) => one.kind === "github-token");
if (seed === undefined) throw new Error("fake-secrets.ts has no github-token seed");
const TOKEN = seed.secret;
const HOME = "/home/bobjones";

/** bob's sessions folder: one session in his home, its first prompt (the title) holding a token. */
function bobsFolder(): string {
  const root = mkdtempSync(join(tmpdir(), "pi-merge-untrusted-sessions-"));
  const folder = join(root, "--home-bobjones-app--");
  mkdirSync(folder);
  const lines = [
    header("mg1", "2025-06-01T10:00:00.000Z", `${HOME}/app`),
    user("u", null, "2025-06-01T10:00:01.000Z", `deploy with token ${TOKEN} from ${HOME}/app`),
    reply("a", "u", "2025-06-01T10:00:02.000Z", SONNET, 10, 5, 0.01),
    user("u2", "a", "2025-06-02T10:00:00.000Z", "again"),
    reply("b", "u2", "2025-06-02T10:00:01.000Z", SONNET, 20, 5, 0.02),
  ];
  writeFileSync(join(folder, "2025-06-01T10-00-00-000Z_mg1.jsonl"), jsonl(lines));
  return root;
}

/** bob's archive, as his machine made it: unredacted (--no-redact), costs only or with pages. */
async function bobsSite(costsOnly: boolean): Promise<string> {
  const output = mkdtempSync(join(tmpdir(), "pi-merge-untrusted-bob-"));
  await runArchive({
    folder: bobsFolder(),
    output,
    env: {},
    stderr: { write: () => true },
    workers: 0,
    machine: "bob",
    costsOnly,
    redaction: { enabled: false, patterns: [] },
  });
  return output;
}

describe("a merge redacts another machine's archive with this machine's settings (G2)", () => {
  let bob: string;
  beforeAll(async () => {
    bob = await bobsSite(false);
    // So the test can fail: bob's own files hold both.
    const own = readFileSync(join(bob, "archive.json"), "utf8");
    expect(own).toContain(TOKEN);
    expect(own).toContain("bobjones");
  });

  it("no token and no home folder in index.html, archive.json or costs.csv", async () => {
    const team = mkdtempSync(join(tmpdir(), "pi-merge-untrusted-team-"));
    const { code } = await runCli(["archive", "--merge", bob, "-o", team]);
    expect(code).toBe(0);
    for (const name of ["index.html", "archive.json", "costs.csv"]) {
      const text = readFileSync(join(team, name), "utf8");
      expect(text, name).not.toContain(TOKEN);
      expect(text, name).not.toContain("bobjones");
    }
    const json = JSON.parse(readFileSync(join(team, "archive.json"), "utf8")) as ArchiveJson;
    expect(json.sessions.map((session) => [session.title, session.cwd, session.file])).toEqual([
      [
        "deploy with token [redacted: github-token] from ~/app",
        "~/app",
        "--~-app--/2025-06-01T10-00-00-000Z_mg1.jsonl",
      ],
    ]);
    expect(json.projects.map((project) => project.project)).toEqual(["~/app"]);
    expect(json.total.total.cost).toBe(0.03);
  });

  it("--redact applies to the titles it merges", async () => {
    const team = mkdtempSync(join(tmpdir(), "pi-merge-untrusted-team-"));
    expect((await runCli(["archive", "--merge", bob, "-o", team, "--redact", "deploy"])).code).toBe(0);
    const json = JSON.parse(readFileSync(join(team, "archive.json"), "utf8")) as ArchiveJson;
    expect(json.sessions[0]?.title).toBe("[redacted: custom] with token [redacted: github-token] from ~/app");
  });
});

// biome-ignore lint/suspicious/noExplicitAny: each case puts a wrong value of any type anywhere.
type Editable = Record<string, any>;

describe("a merge refuses an archive.json not as this tool writes it (G3)", () => {
  let base: ArchiveJson;
  beforeAll(async () => {
    base = JSON.parse(readFileSync(join(await bobsSite(true), "archive.json"), "utf8")) as ArchiveJson;
    expect(base.sessions[0]?.usage).toHaveLength(2);
  });

  /** The one line a merge of `base` changed by `change` says, and its exit code. */
  async function mergeChanged(change: (json: Editable) => void) {
    const json = structuredClone(base) as unknown as Editable;
    change(json);
    const dir = mkdtempSync(join(tmpdir(), "pi-merge-untrusted-bad-"));
    const file = join(dir, "x.json");
    writeFileSync(file, JSON.stringify(json));
    const { code, stderr } = await runCli(["archive", "--merge", file, "-o", join(dir, "out")]);
    return { code, stderr, file };
  }

  const cases: [string, (json: Editable) => void, string][] = [
    [
      "an object as a machine's name",
      (json) => (json.sessions[0].machine = { toString: "x" }),
      '`sessions[0].machine` is {"toString":"x"}: not a string',
    ],
    [
      "a day of month 13",
      (json) => (json.sessions[0].usage[0].day = "2025-13-45"),
      '`sessions[0].usage[0].day` is "2025-13-45": not a calendar day (YYYY-MM-DD)',
    ],
    [
      "a day that is a formula",
      (json) => (json.sessions[0].usage[0].day = "=3+3"),
      '`sessions[0].usage[0].day` is "=3+3": not a calendar day (YYYY-MM-DD)',
    ],
    [
      "a figure written as a string",
      (json) => (json.sessions[0].usage[0].totals.input = "1e3"),
      '`sessions[0].usage[0].totals.input` is "1e3": not a number',
    ],
    [
      "a cost of NaN as a string",
      (json) => (json.sessions[0].usage[1].totals.cost = "NaN"),
      '`sessions[0].usage[1].totals.cost` is "NaN": not a number',
    ],
    [
      "two costs whose sum is Infinity",
      (json) => {
        json.sessions[0].usage[0].totals.cost = 1e308;
        json.sessions[0].usage[1].totals.cost = 1e308;
      },
      "`sessions[0].usage[0].totals.cost` is 1e+308: beyond what any session records (10^15)",
    ],
    [
      "a start that is no time",
      (json) => (json.sessions[0].startedAt = "yesterday"),
      '`sessions[0].startedAt` is "yesterday": not a time (an ISO 8601 UTC timestamp)',
    ],
    [
      "a session that is no object",
      (json) => (json.sessions[0] = null),
      "`sessions[0]` is null: expected object, received null",
    ],
    [
      "a skipped file without its name",
      (json) => (json.skipped = [{ reason: "x" }]),
      "`skipped[0].file` is missing: not a string",
    ],
  ];
  for (const [what, change, said] of cases) {
    it(`${what}: exit 2, one line naming the file and the field`, async () => {
      const { code, stderr, file } = await mergeChanged(change);
      expect({ code, stderr }).toEqual({
        code: 2,
        stderr: `pi-report: --merge ${file}: ${file}: ${said}; this file was damaged or changed: archive that machine again.\n`,
      });
    });
  }
});
