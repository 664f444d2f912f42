/**
 * The session file a page offers (`sessionFileText`): every entry read, in file order, one a line, under a
 * header Pi needs. Read back, it is the session as read; Pi 1.6 (installed on demand) opens it whole, also
 * where it cannot open the original (no header line, entries glued onto one line, a version 4 file).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSessionBytes, readSessionFile } from "../src/index.js";
import { analyze } from "../src/pipeline.js";
import { sessionFileText } from "../src/read/session-file-text.js";
import { renderHtml } from "../src/render/html/render-html.js";
import { CORPUS, FIXTURES } from "./helpers/paths.js";
import { installPi16, RUNS_PI16 } from "./pi-package/pi16-agent.js";

const FILES = [
  ...readdirSync(`${FIXTURES}sessions`).map((name) => `${FIXTURES}sessions/${name}`),
  ...readdirSync(`${CORPUS}real`).map((name) => `${CORPUS}real/${name}`),
  ...["pi16-print.jsonl", "pi16-rpc-main.jsonl", "pi16-rpc-fork.jsonl"].map(
    (name) => `${CORPUS}pi-1.6/${name}`,
  ),
];
const bytes = (text: string) => new TextEncoder().encode(text);
/** A GitHub token's shape, in a file's name. */
const FILE_NAME_TOKEN = `ghp_${"Z9y8X7w6V5u4T3s2R1q0".repeat(2).slice(0, 36)}`;
/** A session whose header line was lost: its two entries, version 3 shaped. */
const HEADERLESS = [
  '{"type":"message","id":"a","parentId":null,"timestamp":"2025-06-01T10:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1}}',
  '{"type":"message","id":"b","parentId":"a","timestamp":"2025-06-01T10:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"hello"}],"provider":"p","model":"m","usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,"cost":{"total":0}},"stopReason":"stop","timestamp":2}}',
].join("\n");

describe("sessionFileText", () => {
  it("read back, is the session as read: the header, then every entry in order, nothing damaged", () => {
    for (const file of FILES) {
      const raw = readSessionFile(file);
      const again = parseSessionBytes(bytes(sessionFileText(raw)), file);
      expect(
        again.records.map((record) => record.value),
        file,
      ).toEqual(raw.records.map((record) => record.value));
      if (raw.headerless !== true && raw.inputVersion !== 4) expect(again.header, file).toEqual(raw.header);
      // One object a line: nothing glued, nothing cut, nothing unread.
      expect(
        again.problems.filter((problem) => problem.kind === "unreadable" || problem.kind === "repaired"),
        file,
      ).toEqual([]);
    }
  });

  it("gives a file without a header line one: its first entry's id, a version by its entries", () => {
    const raw = parseSessionBytes(bytes(`${HEADERLESS}\n`), "2025-06-01T10-00-00-000Z_lost-header.jsonl");
    expect(raw.headerless).toBe(true);
    const [header] = sessionFileText(raw).split("\n");
    expect(JSON.parse(header as string)).toEqual({
      type: "session",
      version: 3,
      id: "a",
      timestamp: "2025-06-01T10:00:01.000Z",
    });
  });

  it("says version 3 for a file of Pi's agent core, whose entries were read as version 3 ones", () => {
    const raw = readSessionFile(`${FIXTURES}sessions/v4-lanes.jsonl`);
    const header = JSON.parse(sessionFileText(raw).split("\n")[0] as string);
    expect(header).toMatchObject({ type: "session", version: 3 });
  });

  it("is redacted by analyze's own redaction, when asked for: no second pass", async () => {
    // A copy of the fixture under a name that holds a token: the name is not redacted, so not used.
    const file = join(mkdtempSync(join(tmpdir(), "pi-session-name-")), `2025-06-01_${FILE_NAME_TOKEN}.jsonl`);
    copyFileSync(`${FIXTURES}sessions/every-tool.jsonl`, file);
    const analysis = await analyze(readSessionFile(file), { sessionPath: file, sessionFile: true });
    const copy = analysis.sessionFile;
    // Named as Pi's export names it, by the session's id (line 1 of the fixture: "every-tool").
    expect(copy?.name).toBe("every-tool.jsonl");
    expect(copy?.text).not.toContain(FILE_NAME_TOKEN);
    expect(readFileSync(file, "utf8")).toContain("/home/dev/app");
    expect(copy?.text).not.toContain("/home/dev");
    expect(copy?.text).toContain('"cwd":"~/app"');
    // Not asked for, not kept.
    expect((await analyze(readSessionFile(file), { sessionPath: file })).sessionFile).toBeUndefined();
  });
});

describe("the page's link to the session file", () => {
  it("holds the copy, under the file's name, and says which lines it leaves out", async () => {
    // The fixture's four lines nothing can be read from (fixtures/README.md): garbage, a JSON array, the
    // cut-off entry glued after another, the cut-off last line.
    const file = `${FIXTURES}sessions/damaged-lines.jsonl`;
    const analysis = await analyze(readSessionFile(file), { sessionPath: file, sessionFile: true });
    const html = await renderHtml(analysis, { sourcePath: file });
    const link =
      /<a href="data:application\/x-ndjson;base64,([A-Za-z0-9+/]*(?:&#x3D;)*)" download="([^"]+)">/.exec(
        html,
      );
    expect(link?.[2]).toBe("damaged-lines.jsonl"); // the header's id
    const text = Buffer.from((link?.[1] ?? "").replaceAll("&#x3D;", "="), "base64").toString("utf8");
    expect(text).toBe(analysis.sessionFile?.text);
    expect(text.trimEnd().split("\n")).toHaveLength(1 + readSessionFile(file).records.length);
    expect(html.replace(/<[^>]+>/g, "")).toContain(
      "the file this page was made from, redacted as this page is, without the 4 lines that could not be read.",
    );
    // Without it, no link.
    const plain = await renderHtml(await analyze(readSessionFile(file), { sessionPath: file }), {
      sourcePath: file,
    });
    expect(plain).not.toContain("x-ndjson");
  });
});

/** Runs Pi 1.6's SessionManager on each file: how many entries it keeps and its id, or the error. */
function piOpens(files: string[]): { entries: number; id: string | null; error?: string }[] {
  const { node22, piCli } = installPi16();
  const pkg = piCli.replace(/\/dist\/bundle\/cli\.js$/, "");
  const script = `
    const { SessionManager } = await import(${JSON.stringify(`${pkg}/dist/index.js`)});
    for (const file of JSON.parse(process.argv[1])) {
      try {
        const manager = SessionManager.open(file, undefined, "/");
        console.log(JSON.stringify({ entries: manager.getEntries().length, id: manager.getHeader()?.id ?? null }));
      } catch (error) {
        console.log(JSON.stringify({ entries: 0, id: null, error: String(error.message).split("\\n")[0] }));
      }
    }`;
  const out = execFileSync(node22, ["--input-type=module", "-e", script, JSON.stringify(files)], {
    encoding: "utf8",
  });
  return out
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe.runIf(RUNS_PI16)("Pi 1.6 opens the copy whole", () => {
  it("every entry read, where the original loses some or cannot be opened", () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-session-copies-"));
    const headerless = join(dir, "2025-06-01T10-00-00-000Z_lost-header.jsonl");
    writeFileSync(headerless, `${HEADERLESS}\n`);
    const originals = [
      headerless,
      `${FIXTURES}sessions/damaged-lines.jsonl`,
      `${FIXTURES}sessions/v4-lanes.jsonl`,
      `${FIXTURES}sessions/v2-hook-message.jsonl`,
      `${CORPUS}real/pi-mono__session.jsonl`,
    ];
    // Pi migrates old files in place: it opens copies of the originals too.
    const asGiven = originals.map((file, index) => {
      const copy = join(dir, `original-${index}.jsonl`);
      copyFileSync(file, copy);
      return copy;
    });
    const ours = originals.map((file, index) => {
      const copy = join(dir, `copy-${index}.jsonl`);
      writeFileSync(copy, sessionFileText(readSessionFile(file)));
      return copy;
    });
    const read = originals.map((file) => readSessionFile(file).records.length);
    const opened = piOpens([...asGiven, ...ours]);
    const [byOriginal, byCopy] = [opened.slice(0, originals.length), opened.slice(originals.length)];
    expect(byCopy.map((result) => result.entries)).toEqual(read);
    expect(byCopy.every((result) => result.error === undefined && result.id !== null)).toBe(true);
    // What Pi does with the originals: a file without a header line and a version 4 file are no sessions
    // to it; entries glued onto one line are lost.
    expect(byOriginal.map((result) => result.error === undefined)).toEqual([false, true, false, true, true]);
    expect(byOriginal[1]?.entries).toBeLessThan(read[1] as number);
    expect(byOriginal[4]?.entries).toBeLessThan(read[4] as number);
  }, 120_000);
});
