/**
 * `/report` inside the real Pi 1.6: Pi (installed on demand by scripts/pi16/install.mjs, with its Node 22)
 * loads this package as `pi -e <repo>` does, through package.json's `pi.extensions`, talks to a model
 * server on 127.0.0.1, and runs the command over RPC. The reports it writes are compared with what the
 * `pi-report` command writes for the same session file.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { costsArguments } from "../../src/pi-extension/report-command.js";
import { withViewerMarker } from "../../src/share/render-share-files.js";
import { formatCost } from "../../src/view/format.js";
import { type FakeGh, fakeGh } from "../helpers/fake-gh.js";
import { ROOT } from "../helpers/paths.js";
import { SEEDS, withSecret } from "../redact/fake-secrets.js";
import { type MockModel, startMockModel } from "./mock-model.js";
import { type PiRpc, type RpcRecord, startPiRpc } from "./pi-rpc.js";
import { installPi16, PI_OFFLINE_ENV, RUNS_PI16, writeMockAgent } from "./pi16-agent.js";

const CLI = join(ROOT, "dist/bin/pi-report.js");
const seed = SEEDS.find((one) => one.kind === "github-token");
if (seed === undefined) throw new Error("fake-secrets.ts has no github-token seed");
/** A prompt that leaks a credential, and words of it that must reach the report. */
const ASKED = "Publish release notes-7429 to the fork";
const PROMPT = `${ASKED}\n${withSecret(seed)}`;

/** An executable shell script. */
function script(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

describe.runIf(RUNS_PI16)("/report in Pi 1.6 (RPC mode)", () => {
  let dir: string;
  let work: string;
  let opened: string;
  let model: MockModel;
  let pi: PiRpc;
  let sessionFile: string;
  let sessionId: string;
  let gh: FakeGh;
  let piEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const { node22, piCli } = installPi16();
    model = await startMockModel("Published.");
    dir = mkdtempSync(join(tmpdir(), "pi-package-"));
    work = join(dir, "work");
    const agent = join(dir, "agent");
    const bin = join(dir, "bin");
    for (const folder of [work, agent, bin, join(dir, "home")]) mkdirSync(folder);
    writeMockAgent(agent, model.baseUrl);
    // The opener: with no display and no desktop, xdg-open hands the page to $BROWSER, which records it.
    // run-mailcap, which it would try first where installed, declines here.
    opened = join(dir, "opened.txt");
    script(join(bin, "browser"), `printf '%s\\n' "$1" >> "${opened}"`);
    script(join(bin, "run-mailcap"), "exit 1");
    // GitHub's CLI: the stand-in, which records what /report share gives it.
    gh = fakeGh();
    const env = {
      ...gh.env,
      PATH: `${bin}:${gh.bin}:${process.env.PATH ?? ""}`,
      HOME: join(dir, "home"),
      BROWSER: join(bin, "browser"),
      PI_CODING_AGENT_DIR: agent,
      ...PI_OFFLINE_ENV,
    };
    piEnv = env;
    const args = ["--model", "mock/mock-small", "-e", ROOT, "--session-dir", join(dir, "sessions")];
    pi = startPiRpc(node22, piCli, [...args, "--no-context-files", "--no-skills"], work, env);
    const settled = pi.next((record) => record.type === "agent_settled", "agent_settled");
    expect((await pi.send({ type: "prompt", message: PROMPT })).success).toBe(true);
    await settled;
    const state = (await pi.send({ type: "get_state" })).data as { sessionFile: string; sessionId: string };
    ({ sessionFile, sessionId } = state);
  }, 300_000);

  afterAll(async () => {
    await pi?.stop();
    await model?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `/report <args>` and returns what it told the user. */
  async function report(args: string): Promise<{ message: string; notifyType: string }> {
    const notified = pi.next(
      (record: RpcRecord) => record.type === "extension_ui_request" && record.method === "notify",
      "notify",
    );
    const response = await pi.send({ type: "prompt", message: `/report ${args}`.trim() });
    expect(response.data).toEqual({ disposition: "handled" });
    return (await notified) as unknown as { message: string; notifyType: string };
  }

  it("loads as a package and registers /report", async () => {
    const commands = (await pi.send({ type: "get_commands" })).data as { commands: { name: string }[] };
    expect(commands.commands.map((command) => command.name)).toContain("report");
    expect(existsSync(sessionFile)).toBe(true);
  });

  it("/report writes the session's redacted HTML report in the working directory and opens it", async () => {
    const { message, notifyType } = await report("");
    const expected = join(work, `${basename(sessionFile, ".jsonl")}.html`);
    expect(notifyType).toBe("info");
    expect(message.split("\n")[0]).toBe(`Report written to ${expected}`);
    expect(message).toContain("opened it");
    expect(message).toContain("1 secret redacted (1 github-token)");
    expect(readFileSync(opened, "utf8")).toBe(`${expected}\n`);
    const html = readFileSync(expected, "utf8");
    expect(html).toContain(sessionId);
    expect(html).toContain(ASKED);
    expect(html).not.toContain(seed.secret);
    expect(html).toContain("redacted: github-token");
    // The same page `pi-report <session>` writes: the command's own pipeline, not another.
    const byCli = join(dir, "by-cli.html");
    execFileSync(process.execPath, [CLI, sessionFile, "-o", byCli], { stdio: "ignore" });
    expect(html).toBe(readFileSync(byCli, "utf8"));
  });

  it("/report md writes the PR summary beside it and says that there is no clipboard here", async () => {
    const { message } = await report("md");
    const expected = join(work, `${basename(sessionFile, ".jsonl")}.md`);
    const lines = message.split("\n");
    expect(lines[0]).toBe(`PR summary written to ${expected}`);
    expect(lines[1]).toMatch(/^no clipboard found/);
    const summary = readFileSync(expected, "utf8");
    expect(summary).toContain(ASKED);
    expect(summary).not.toContain(seed.secret);
    const byCli = execFileSync(process.execPath, [CLI, sessionFile, "--summary"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    expect(summary).toBe(byCli);
  });

  it("/report share shares the redacted report and summary as one secret gist through gh", async () => {
    const { message, notifyType } = await report("share");
    expect(notifyType).toBe("info");
    const [gist, ...more] = gh.gists();
    expect(more).toEqual([]);
    const lines = message.split("\n");
    expect(lines[0]).toBe("Shared this session's redacted report:");
    expect(lines).toContain(`viewer: https://pi.dev/session/#${gist?.id}`);
    expect(lines).toContain(`gist:   https://gist.github.com/${gist?.id}`);
    expect(message).toContain("1 secret redacted (1 github-token)");
    const create = gh.calls().find((call) => call.args[0] === "gist" && call.args[1] === "create");
    expect(create?.args).not.toContain("--public");
    expect(gist?.public).toBe(false);
    expect(gist?.description).toMatch(new RegExp(`^pi-report: .* \\(session ${sessionId}\\)$`));
    const html = create?.files["session.html"] ?? "";
    const summary = create?.files["summary.md"] ?? "";
    for (const text of [html, summary, gist?.description ?? ""]) expect(text).not.toContain(seed.secret);
    // The page `pi-report` writes, marked for Pi's viewer; the summary `--summary` writes.
    const name = basename(sessionFile, ".jsonl");
    expect(html).toBe(withViewerMarker(readFileSync(join(work, `${name}.html`), "utf8"), sessionId));
    expect(summary).toBe(readFileSync(join(work, `${name}.md`), "utf8"));
    // Nothing is written where Pi works.
    expect(readdirSync(work).sort()).toEqual([`${name}.html`, `${name}.md`]);
  });

  it("/report costs says this project's costs week by week, as `pi-report costs` counts them", async () => {
    const { message, notifyType } = await report("costs");
    expect(notifyType).toBe("info");
    // What Pi recorded for its reply, from the file itself (the mock model's prices are in models.json).
    const recorded = readFileSync(sessionFile, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as { message?: { role?: string; usage?: { cost: { total: number } } } })
      .filter((entry) => entry.message?.role === "assistant")
      .reduce((sum, entry) => sum + (entry.message?.usage?.cost.total ?? 0), 0);
    expect(recorded).toBeGreaterThan(0);
    const lines = message.split("\n");
    // Pi keeps this session outside its sessions folder (--session-dir): that folder is the one read.
    expect(lines[0]).toMatch(
      new RegExp(
        `^Costs by week, days in .+: 1 session in ${join(dir, "sessions")} \\(since \\d{4}-\\d{2}-\\d{2}, project ${work}\\)$`,
      ),
    );
    expect(lines.find((line) => line.startsWith("│ Total"))).toContain(formatCost(recorded));
    // The table `pi-report costs` prints with the same arguments, at the width of a notification.
    const argv = costsArguments(work, sessionFile, piEnv, 100);
    const byCli = execFileSync(process.execPath, [CLI, ...argv], { encoding: "utf8", env: piEnv });
    expect(message).toBe(byCli.trimEnd());
    expect(readdirSync(work).some((name) => name.includes("cache"))).toBe(false);
  });

  it("an unknown argument is one line saying what /report takes", async () => {
    const { message, notifyType } = await report("pdf");
    expect(notifyType).toBe("error");
    expect(message).toBe(
      '/report: unknown argument "pdf": use /report (HTML), /report md (PR summary), /report share (a secret gist) or /report costs',
    );
  });

  it("a new session with no reply yet has no file: one line says so", async () => {
    expect((await pi.send({ type: "new_session" })).success).toBe(true);
    const { message, notifyType } = await report("");
    expect(notifyType).toBe("error");
    expect(message).toBe("/report: nothing to report yet: Pi writes the session file after the first reply");
  });
});
