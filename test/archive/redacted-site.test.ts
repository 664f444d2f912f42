/**
 * The archive's own files are redacted like its pages (issue 20): home directories of every shape and
 * secrets placed in the session name, the cwd (and so Pi's folder name) and the first prompt of sessions
 * reach none of index.html, archive.json, costs.csv, the pages, or the pages' paths.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArchiveJson } from "../../src/archive/model/archive-json.js";
import { MANIFEST_FILE } from "../../src/archive/model/manifest.js";
import { runArchive } from "../../src/archive/run/run-archive.js";
import { projectFolderName } from "../../src/sessions/find-session.js";
import { SEEDS } from "../redact/fake-secrets.js";

const secret = (kind: string): string => {
  const seed = SEEDS.find((candidate) => candidate.kind === kind);
  if (seed === undefined) throw new Error(`no seed of kind ${kind}`);
  return seed.secret;
};
const GITHUB = secret("github-token");
const STRIPE = secret("stripe-secret-key");
const HUGGING_FACE = secret("huggingface-token");

/** What must not reach the site: the user names, root's and Termux's homes, the secrets. */
const TELLTALES = ["quillon", "marbury", "pemberton", "/root", "com.termux", GITHUB, STRIPE, HUGGING_FACE];

interface Placed {
  cwd: string;
  name?: string;
  prompt: string;
  file?: string;
}

/** Sessions whose cwd, name and first prompt hold a home of each shape and a secret. */
const SESSIONS: readonly Placed[] = [
  {
    cwd: "/home/quillon/app",
    name: `deploy with ${GITHUB} from /Users/marbury/keys`,
    prompt: `read C:\\Users\\pemberton\\notes.txt and use ${STRIPE}`,
  },
  { cwd: "/Users/marbury/dev", prompt: `cat /root/.aws/credentials; token ${HUGGING_FACE}` },
  { cwd: "C:\\Users\\pemberton\\proj", name: "work in /data/data/com.termux/files/home/z", prompt: "hi" },
  { cwd: "/Volumes/Work/z", name: "see /home/quillon/x and C:/Users/pemberton/y", prompt: "hello" },
  { cwd: "/root/ops", prompt: "check /mnt/c/Users/pemberton/a and /c/Users/quillon/b" },
  { cwd: "/data/data/com.termux/files/home/phone", prompt: "ls" },
  { cwd: `/srv/${GITHUB}/api`, prompt: "a secret in the cwd, so in Pi's folder name" },
  // Same file name in another user's folder of the same project: the redacted paths would collide.
  { cwd: "/home/marbury/app", prompt: "the other app", file: "2025-06-01T09-00-00-000Z_same.jsonl" },
  { cwd: "/home/quillon/app", prompt: "the app", file: "2025-06-01T09-00-00-000Z_same.jsonl" },
  // A token in the file's own name: the page's header names the file (G8).
  {
    cwd: "/srv/named",
    prompt: "a secret in the file's name",
    file: `2025-06-01T09-00-00-000Z_${GITHUB}.jsonl`,
  },
];

function writeSessions(): string {
  const root = mkdtempSync(join(tmpdir(), "pi-archive-redacted-"));
  SESSIONS.forEach((session, index) => {
    const folder = join(root, projectFolderName(session.cwd));
    mkdirSync(folder, { recursive: true });
    const at = `2025-06-0${1 + (index % 9)}T10:00:00.000Z`;
    const lines: object[] = [
      { type: "session", version: 3, id: `s${index}`, timestamp: at, cwd: session.cwd },
      {
        type: "message",
        id: "u1",
        parentId: null,
        timestamp: at,
        message: { role: "user", content: session.prompt, timestamp: Date.parse(at) },
      },
    ];
    if (session.name !== undefined)
      lines.push({ type: "session_info", id: "n1", parentId: "u1", timestamp: at, name: session.name });
    const file = session.file ?? `${at.replace(/[:.]/g, "-")}_s${index}.jsonl`;
    writeFileSync(join(folder, file), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  });
  // A file that is no session, in a folder named after a home: listed as skipped, by its name.
  const notes = join(root, projectFolderName("/home/quillon/notes"));
  mkdirSync(notes);
  writeFileSync(join(notes, "events.jsonl"), '{"event":"click"}\n');
  return root;
}

/** Every file below `folder`, as `/`-separated paths relative to it. */
function filesBelow(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

interface Site {
  output: string;
  files: Record<string, string>;
  pages: string[];
  json: ArchiveJson;
}

function archiveInto(root: string, output: string, enabled: boolean) {
  return runArchive({
    folder: root,
    output,
    env: {},
    stderr: { write: () => true },
    workers: 0,
    redaction: { enabled, patterns: [] },
  });
}

async function build(root: string, enabled: boolean): Promise<Site> {
  const output = mkdtempSync(join(tmpdir(), "pi-archive-redacted-site-"));
  await archiveInto(root, output, enabled);
  const pages = filesBelow(join(output, "sessions")).map((page) => `sessions/${page}`);
  const files: Record<string, string> = {};
  for (const name of ["index.html", "archive.json", "costs.csv", ...pages])
    files[name] = readFileSync(join(output, name), "utf8");
  return { output, files, pages, json: JSON.parse(files["archive.json"] as string) as ArchiveJson };
}

describe("the archive's own files and paths are redacted like its pages", () => {
  let root: string;
  let site: Site;
  let bare: Site;

  beforeAll(async () => {
    root = writeSessions();
    site = await build(root, true);
    bare = await build(root, false);
  });

  for (const name of ["index.html", "archive.json", "costs.csv"]) {
    it(`${name} holds no home directory and no secret`, () => {
      const text = site.files[name] as string;
      for (const telltale of TELLTALES) expect(text, telltale).not.toContain(telltale);
    });
  }

  it("no page, and no page's path, holds one", () => {
    expect(site.pages).toHaveLength(SESSIONS.length);
    for (const page of site.pages) {
      for (const telltale of TELLTALES) {
        expect(page, telltale).not.toContain(telltale);
        expect(site.files[page], `${telltale} in ${page}`).not.toContain(telltale);
      }
    }
  });

  it("every file of the site but the manifest, the search's included, holds none (G8)", () => {
    const all = filesBelow(site.output).filter((file) => file !== MANIFEST_FILE);
    expect(all.filter((file) => file.startsWith("pi-report-search/")).length).toBeGreaterThan(0);
    expect(all.filter((file) => file.startsWith("search/shard-")).length).toBeGreaterThan(0);
    for (const file of all) {
      const text = readFileSync(join(site.output, file), "utf8");
      for (const telltale of TELLTALES) expect(text, `${telltale} in ${file}`).not.toContain(telltale);
    }
    // Only the manifest keeps the input paths, as documented: the next run compares with them.
    expect(readFileSync(join(site.output, MANIFEST_FILE), "utf8")).toContain("quillon");
  });

  it("--no-redact leaves them all in (so the tests above can fail)", () => {
    const everything = Object.values(bare.files).join("\n");
    for (const telltale of TELLTALES) expect(everything, telltale).toContain(telltale);
    const listed = [bare.files["index.html"], bare.files["archive.json"], bare.files["costs.csv"]].join("\n");
    for (const telltale of ["quillon", "marbury", "pemberton", GITHUB, HUGGING_FACE])
      expect(listed, telltale).toContain(telltale);
    expect(bare.pages.join("\n")).toContain("quillon");
  });

  it("keeps the paths readable: Pi's folder names with ~ for the home", () => {
    const files = site.json.sessions.map((session) => session.file);
    expect(files).toContain("--~-dev--/2025-06-02T10-00-00-000Z_s1.jsonl");
    expect(files).toContain("--~-ops--/2025-06-05T10-00-00-000Z_s4.jsonl");
    expect(files).toContain("--~-proj--/2025-06-03T10-00-00-000Z_s2.jsonl");
    expect(site.json.skipped.map((skipped) => skipped.file)).toEqual(["--~-notes--/events.jsonl"]);
  });

  it("gives two sessions whose redacted paths are the same a page each, and links each row to its own", () => {
    const same = site.json.sessions.filter(
      (session) => session.file === "--~-app--/2025-06-01T09-00-00-000Z_same.jsonl",
    );
    expect(same).toHaveLength(2);
    const reports = same.map((session) => session.report);
    expect(new Set(reports).size).toBe(2);
    for (const report of reports) expect(site.pages).toContain(report);
    // Each page is its own session's.
    for (const session of same) {
      const page = site.files[session.report as string] as string;
      expect(page).toContain(session.id === "s7" ? "the other app" : "the app");
    }
    // Every report a session row names is a page of the site.
    const listed = site.json.sessions.map((session) => session.report);
    expect([...listed].sort()).toEqual([...site.pages].sort());
  });

  it("names the pages alike on every run: a re-run renders nothing and leaves every page where it was", async () => {
    const output = mkdtempSync(join(tmpdir(), "pi-archive-redacted-rerun-"));
    const first = await archiveInto(root, output, true);
    const pages = filesBelow(output).sort();
    const again = await archiveInto(root, output, true);
    expect(first.rendered).toBe(SESSIONS.length);
    expect(again).toMatchObject({ rendered: 0, unchanged: SESSIONS.length });
    expect(filesBelow(output).sort()).toEqual(pages);
  });

  it("a site made with --no-redact, archived again with redaction, keeps no page under a user's name", async () => {
    const output = mkdtempSync(join(tmpdir(), "pi-archive-redacted-after-"));
    await archiveInto(root, output, false);
    expect(filesBelow(output).join("\n")).toContain("quillon");
    await archiveInto(root, output, true);
    expect(filesBelow(join(output, "sessions"))).toHaveLength(SESSIONS.length);
    // Nor a folder: one emptied of its pages goes too.
    const paths = readdirSync(output, { recursive: true, encoding: "utf8" });
    for (const telltale of TELLTALES) expect(paths.join("\n"), telltale).not.toContain(telltale);
  });
});
