/// <reference lib="dom" />
/**
 * The page's "↓ Session file" in a real browser and the real Pi 1.6: Pi writes a session (a prompt that
 * leaks a credential, in a folder of the user's home); `pi-report` makes its page; Chromium saves the file
 * the page offers; Pi 1.6 (installed on demand by scripts/pi16/install.mjs) opens that file, holds every
 * message of the session, redacted as the page is, and resumes it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useChromium } from "../helpers/browser.js";
import { ROOT } from "../helpers/paths.js";
import { SEEDS, withSecret } from "../redact/fake-secrets.js";
import { type MockModel, startMockModel } from "./mock-model.js";
import { type PiRpc, startPiRpc } from "./pi-rpc.js";
import { installPi16, PI_OFFLINE_ENV, RUNS_PI16, writeMockAgent } from "./pi16-agent.js";

const CLI = join(ROOT, "dist/bin/pi-report.js");
const seed = SEEDS.find((one) => one.kind === "github-token");
if (seed === undefined) throw new Error("fake-secrets.ts has no github-token seed");
const ASKED = "Rotate the deploy key-5813 and tell me when";
const PROMPT = `${ASKED}\n${withSecret(seed)}`;

/** Entries of a session file, without its header line. */
const entriesOf = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line) as { id: string; type: string });

describe.runIf(RUNS_PI16)("the page's session file, opened by Pi 1.6", () => {
  let dir: string;
  let home: string;
  let work: string;
  let env: NodeJS.ProcessEnv;
  let pi16: { node22: string; piCli: string };
  let model: MockModel;
  const browser = useChromium();
  let sessionFile: string;
  let sessionId: string;
  let page: string;
  let saved: string;

  /** Pi in RPC mode with `args`, in the work folder, until `stop`. */
  const startPi = (args: string[]): PiRpc =>
    startPiRpc(pi16.node22, pi16.piCli, [...args, "--no-context-files", "--no-skills"], work, env);

  beforeAll(async () => {
    pi16 = installPi16();
    model = await startMockModel("Rotated.");
    dir = mkdtempSync(join(tmpdir(), "pi-session-file-"));
    // The user's home: the session's folder is in it, so the page and its file say `~/work`.
    home = join(dir, "home", "alice");
    work = join(home, "work");
    const agent = join(dir, "agent");
    for (const folder of [work, agent]) mkdirSync(folder, { recursive: true });
    writeMockAgent(agent, model.baseUrl);
    env = { PATH: process.env.PATH ?? "", HOME: home, PI_CODING_AGENT_DIR: agent, ...PI_OFFLINE_ENV };

    const writer = startPi(["--model", "mock/mock-small", "--session-dir", join(dir, "sessions")]);
    const settled = writer.next((record) => record.type === "agent_settled", "agent_settled");
    expect((await writer.send({ type: "prompt", message: PROMPT })).success).toBe(true);
    await settled;
    const state = (await writer.send({ type: "get_state" })).data as {
      sessionFile: string;
      sessionId: string;
    };
    ({ sessionFile, sessionId } = state);
    await writer.stop();

    page = join(dir, "report.html");
    execFileSync(process.execPath, [CLI, sessionFile, "-o", page], { env, stdio: "ignore" });
    const context = await browser().newContext({ acceptDownloads: true });
    const tab = await context.newPage();
    await tab.goto(pathToFileURL(page).href);
    const download = tab.waitForEvent("download");
    await tab.getByRole("link", { name: "↓ Session file" }).click();
    saved = join(dir, "downloads", (await download).suggestedFilename());
    await (await download).saveAs(saved);
    await context.close();
  }, 300_000);

  afterAll(async () => {
    await model?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it("saves every entry of the session, named by its id as Pi's export names it, redacted as the page is", () => {
    expect(saved.split("/").pop()).toBe(`${sessionId}.jsonl`);
    const original = readFileSync(sessionFile, "utf8");
    const copy = readFileSync(saved, "utf8");
    expect(entriesOf(copy).map((entry) => [entry.type, entry.id])).toEqual(
      entriesOf(original).map((entry) => [entry.type, entry.id]),
    );
    expect(original).toContain(seed.secret);
    expect(copy).not.toContain(seed.secret);
    expect(copy).toContain("[redacted: github-token]");
    expect(copy).not.toContain(home);
    expect(JSON.parse(copy.split("\n")[0] as string)).toMatchObject({
      type: "session",
      id: sessionId,
      cwd: "~/work",
    });
  });

  /** What Pi 1.6 reads from a session file: its id and its messages (role and content). */
  async function openedByPi(file: string): Promise<{ sessionId: string; messages: string[] }> {
    const reader = startPi(["--session", file]);
    try {
      const state = (await reader.send({ type: "get_state" })).data as {
        sessionId: string;
        sessionFile: string;
      };
      expect(state.sessionFile).toBe(file);
      const { messages } = (await reader.send({ type: "get_messages" })).data as {
        messages: { role: string; content: unknown }[];
      };
      return {
        sessionId: state.sessionId,
        messages: messages.map((message) => `${message.role}: ${JSON.stringify(message.content)}`),
      };
    } finally {
      await reader.stop();
    }
  }

  it("is opened by Pi 1.6: the session Pi reads from the original, the credential redacted", async () => {
    const original = await openedByPi(sessionFile);
    const copy = await openedByPi(saved);
    expect(copy.sessionId).toBe(sessionId);
    expect(original.messages.join("\n")).toContain(seed.secret);
    // Message for message what Pi reads from the original, with the credential as the page shows it.
    expect(copy.messages).toHaveLength(original.messages.length);
    expect(copy.messages.join("\n")).not.toContain(seed.secret);
    expect(copy.messages.join("\n")).toContain(ASKED);
    expect(copy.messages.join("\n")).toContain("[redacted: github-token]");
    expect(copy.messages.map((message) => message.split(":")[0])).toEqual(
      original.messages.map((message) => message.split(":")[0]),
    );
  });

  it("is resumed by Pi 1.6: a new prompt and its answer are added to it", async () => {
    const before = entriesOf(readFileSync(saved, "utf8")).length;
    const resumed = startPi(["--model", "mock/mock-small", "--session", saved]);
    try {
      const settled = resumed.next((record) => record.type === "agent_settled", "agent_settled");
      expect((await resumed.send({ type: "prompt", message: "And the staging key?" })).success).toBe(true);
      await settled;
    } finally {
      await resumed.stop();
    }
    const added = entriesOf(readFileSync(saved, "utf8")).slice(before) as unknown as {
      type: string;
      message?: { role: string; content: unknown };
    }[];
    const said = added.flatMap((entry) =>
      entry.type === "message" && entry.message !== undefined
        ? [`${entry.message.role}: ${JSON.stringify(entry.message.content)}`]
        : [],
    );
    expect(said.some((line) => line.startsWith("user:") && line.includes("And the staging key?"))).toBe(true);
    expect(said.some((line) => line.startsWith("assistant:") && line.includes("Rotated."))).toBe(true);
  });

  it("is left out with --no-session-file", () => {
    const without = join(dir, "without.html");
    execFileSync(process.execPath, [CLI, sessionFile, "--no-session-file", "-o", without], {
      env,
      stdio: "ignore",
    });
    const html = readFileSync(without, "utf8");
    expect(existsSync(without)).toBe(true);
    expect(html).not.toContain("data:application/x-ndjson");
    expect(html).not.toContain("Session file");
  });
});
