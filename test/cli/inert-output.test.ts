/**
 * Output that cannot act on its reader (F13, F14): what the built CLI writes, to standard output and to
 * a file, in every format, holds no terminal control sequence and no bidi override, while the text they
 * were part of stays in view. Read as bytes: a terminal acts on bytes.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeEntities } from "../helpers/html-text.js";
import { FIXTURES, ROOT } from "../helpers/paths.js";

const BIN = `${ROOT}dist/bin/pi-report.js`;
const ESCAPES = `${FIXTURES}redteam/terminal-escapes.jsonl`;
const BIDI = `${FIXTURES}redteam/bidi.jsonl`;

type Shape = "md" | "summary" | "html" | "json";
const ARGS: Record<Shape, string[]> = {
  md: ["-f", "md"],
  summary: ["-f", "md", "--summary"],
  html: ["-f", "html"],
  json: ["-f", "json"],
};
const SHAPES = Object.keys(ARGS) as Shape[];
const folder = mkdtempSync(join(tmpdir(), "pi-report-inert-"));

/** The bytes the CLI writes for a session: on standard output, and with `-o` into a file. */
function written(session: string, shape: Shape): { stdout: Buffer; file: Buffer } {
  const stdout = execFileSync("node", [BIN, session, ...ARGS[shape], "-o", "-"], { stdio: "pipe" });
  const path = join(folder, `report.${shape === "summary" ? "md" : shape}`);
  execFileSync("node", [BIN, session, ...ARGS[shape], "-o", path], { stdio: "pipe" });
  return { stdout, file: readFileSync(path) };
}

/** Bytes a terminal acts on: the C0 controls but tab and line feed (ESC, BEL, CR among them), and DEL. */
function controlBytes(bytes: Buffer): number[] {
  return [...bytes].filter((byte) => (byte < 0x20 && byte !== 0x09 && byte !== 0x0a) || byte === 0x7f);
}

/** Characters that act on a reader: C1 controls (8-bit CSI, OSC...) and bidi embeddings, overrides, isolates. */
function actingCharacters(bytes: Buffer): string[] {
  return [...bytes.toString("utf8")].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return (
      (code >= 0x80 && code <= 0x9f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    );
  });
}

/** What a reader sees: for HTML, the text with the tags (the highlighter's spans) dropped. */
function seen(bytes: Buffer, shape: Shape): string {
  const text = bytes.toString("utf8");
  return shape === "html" ? decodeEntities(text.replace(/<[^>]*>/g, "")) : text;
}

describe("no control sequence reaches the reader (F13)", () => {
  const lines = readFileSync(ESCAPES, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const sessionName = lines[4].name as string;

  for (const shape of SHAPES) {
    it(`${shape}: no ESC, BEL, CR, DEL or C1 on standard output or in the file; the sequences shown`, () => {
      const { stdout, file } = written(ESCAPES, shape);
      for (const bytes of [stdout, file]) {
        expect(controlBytes(bytes)).toEqual([]);
        expect(actingCharacters(bytes)).toEqual([]);
      }
      expect(stdout.equals(file)).toBe(true);
      const text = seen(stdout, shape);
      if (shape === "json") {
        // JSON keeps the value exactly: a parser reads the name as it was, a terminal sees escapes.
        expect(JSON.parse(text).session.name).toBe(sessionName);
        expect(text).toContain(String.raw`name\u001b]0;PWNED-TITLE\u0007\u001b]52;c;cm0gLXJmIH4K\u0007`);
        return;
      }
      // Each field the sequences came in: the session's name, the user's text, the bash command and the
      // reply (the summary's outcome) everywhere; the prompt's second line (its 8-bit CSI) and the
      // thinking in the transcript (the summary lists a prompt by its first line).
      const shown = [
        "name⟪ESC⟫]0;PWNED-TITLE⟪BEL⟫⟪ESC⟫]52;c;cm0gLXJmIH4K⟪BEL⟫",
        "user⟪ESC⟫]52;c;cm0gLXJmIH4K⟪BEL⟫⟪ESC⟫]0;PWNED-TITLE⟪BEL⟫",
        "echo ⟪ESC⟫]52;c;cm0gLXJmIH4K⟪BEL⟫",
        "asst⟪ESC⟫]0;PWNED-TITLE⟪BEL⟫",
      ];
      if (shape !== "summary") shown.push("csi-c1:⟪U+009B⟫31m end", "think⟪ESC⟫]52;c;cm0gLXJmIH4K⟪BEL⟫");
      for (const words of shown) expect(text).toContain(words);
    });
  }

  it("html: colours in a tool's output are still classes, other sequences there are dropped", () => {
    const session = join(folder, "coloured.jsonl");
    const escapes = readFileSync(ESCAPES, "utf8").trim().split("\n");
    const result = JSON.parse(escapes[3] as string);
    result.message.content[0].text = "\u001b[31mred\u001b[0m plain\u001b]52;c;eA==\u0007 end";
    writeFileSync(session, [...escapes.slice(0, 3), JSON.stringify(result)].join("\n"));
    const html = written(session, "html").stdout.toString("utf8");
    expect(html).toContain('<span class="ansi-red-fg">red</span> plain end');
    expect(controlBytes(Buffer.from(html))).toEqual([]);
  });
});

describe("bidi overrides are shown, not obeyed (F14)", () => {
  for (const shape of SHAPES) {
    it(`${shape}: the name and the file's path show their overrides; isolates in code too`, () => {
      const { stdout, file } = written(BIDI, shape);
      for (const bytes of [stdout, file]) expect(actingCharacters(bytes)).toEqual([]);
      const text = seen(stdout, shape);
      if (shape === "json") {
        expect(JSON.parse(text).session.name).toBe("review invoice\u202efdp.exe\u202c");
        expect(text).toContain(String.raw`review invoice\u202efdp.exe\u202c`);
        return;
      }
      expect(text).toContain("review invoice⟪U+202E⟫fdp.exe⟪U+202C⟫");
      if (shape === "summary") return;
      expect(text).toContain("src/⟪U+202E⟫txt.exe⟪U+202C⟫.js");
      expect(text).toContain("if (isAdmin⟪U+2067⟫ ⟪U+2066⟫) { // ⟪U+2069⟫⟪U+2066⟫ check later⟪U+2069⟫");
    });
  }

  it("right-to-left text stays as it is written, its marks (RLM, LRM, ALM) included", () => {
    const words = "שלום עולם\u200f (v2) and مرحبا بالعالم\u061c 3\u200e";
    const session = join(folder, "rtl.jsonl");
    const header = {
      type: "session",
      version: 3,
      id: "rtl",
      timestamp: "2025-06-01T10:00:00.000Z",
      cwd: "/w",
    };
    const prompt = {
      type: "message",
      id: "u",
      parentId: null,
      timestamp: "2025-06-01T10:00:01.000Z",
      message: { role: "user", content: words, timestamp: 1 },
    };
    writeFileSync(session, `${JSON.stringify(header)}\n${JSON.stringify(prompt)}\n`);
    for (const shape of ["md", "summary", "html"] as const)
      expect(seen(written(session, shape).stdout, shape)).toContain(words);
  });
});
