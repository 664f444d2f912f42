/**
 * Round three's G7: anything typed `image` was skipped whole by redaction, at any depth and for whole
 * entries. Only a real image block's picture (`data`, base64, beside a string `mimeType`) may skip
 * scanning; everything else an object typed `image` holds is redacted like any other string.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RawSession } from "../../src/read/raw-session.js";
import { DEFAULT_REDACTION, redactRawSession } from "../../src/redact/redact-session.js";
import { runCli } from "../helpers/cli.js";
import { SEEDS } from "./fake-secrets.js";

const GITHUB = SEEDS.find((seed) => seed.kind === "github-token")?.secret ?? "";
const HOME = "/home/alicesmith";

/** Keys a tool may give a field of its own (none of them structure keys, which redact31's list governs). */
const FIELD = fc.constantFrom(
  "api_key",
  "note",
  "path",
  "prompt",
  "authorization",
  "data",
  "caption",
  "result",
);

/** Base64 as a picture carries it: what must come out byte for byte as it went in. */
const picture = fc.uint8Array({ maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString("base64"));

/** A secret in the way a tool writes it: bare, after words, or a home folder's path. */
const secretText = fc.constantFrom(
  GITHUB,
  `Bearer ${GITHUB}`,
  `uploaded with ${GITHUB}`,
  `${HOME}/app/cat.png`,
);

/** A real image block, with or without fields of its own beside the picture (those are redacted). */
const realImage = fc
  .record({
    mimeType: fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "application/octet-stream"),
    data: picture,
    extra: fc.option(
      fc.tuple(
        FIELD.filter((key) => key !== "data"),
        secretText,
      ),
      { nil: undefined },
    ),
  })
  .map(({ mimeType, data, extra }) => ({
    type: "image",
    mimeType,
    data,
    ...(extra === undefined ? {} : { [extra[0]]: extra[1] }),
  }));

/** Typed `image` but no picture: a request, a result, a `data` that is not base64 or has no `mimeType`. */
const otherImage = fc.tuple(FIELD, secretText, fc.boolean()).map(([key, text, withMime]) => ({
  type: "image",
  [key]: text,
  ...(withMime ? { mimeType: "image/png" } : {}),
}));

/** Any JSON a tool may write, with both kinds of `image` objects at any depth. */
const { node } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    secretText,
    fc.string({ maxLength: 8 }),
    realImage,
    otherImage,
    fc.array(tie("node"), { maxLength: 4 }),
    fc.dictionary(FIELD, tie("node"), { maxKeys: 3 }),
  ),
}));

/** Where a value sits in a session: user content, tool arguments, `details`, a whole entry typed `image`. */
const placed = fc.array(fc.tuple(fc.constantFrom("content", "arguments", "details", "entry"), node), {
  minLength: 1,
  maxLength: 6,
});

function sessionWith(values: readonly [string, unknown][]): RawSession {
  const records = values.map(([where, value], index) => {
    const entry = {
      id: `e${index}`,
      parentId: index === 0 ? null : `e${index - 1}`,
      timestamp: "2025-06-01T10:00:00.000Z",
    };
    const message = (body: Record<string, unknown>) => ({ type: "message", ...entry, message: body });
    switch (where) {
      case "content":
        return message({ role: "user", content: [{ type: "text", text: "look" }, value] });
      case "arguments":
        return message({
          role: "assistant",
          content: [{ type: "toolCall", id: "c", name: "t", arguments: { value } }],
        });
      case "details":
        return message({ role: "toolResult", toolCallId: "c", toolName: "t", content: [], details: value });
      default:
        return {
          ...(typeof value === "object" && value !== null && !Array.isArray(value) ? value : { value }),
          ...entry,
          type: "image",
        };
    }
  });
  return {
    header: { type: "session", version: 3, id: "s", cwd: `${HOME}/app` },
    headerLine: 1,
    records: records.map((value, index) => ({ line: index + 2, part: 0, value })),
    problems: [],
  };
}

/** Every real image block's picture, by the object that holds it: the objects are redacted in place. */
function pictures(value: unknown, into = new Map<object, string>()): Map<object, string> {
  const stack = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next !== "object" || next === null) continue;
    const { type, mimeType, data } = next as Record<string, unknown>;
    if (
      type === "image" &&
      typeof mimeType === "string" &&
      typeof data === "string" &&
      /^[A-Za-z0-9+/=]*$/.test(data)
    )
      into.set(next, data);
    stack.push(...Object.values(next));
  }
  return into;
}

describe("objects typed image", () => {
  it("only a real image block's picture is kept as is; every other string under them is redacted", async () => {
    await fc.assert(
      fc.asyncProperty(placed, async (values) => {
        const raw = sessionWith(structuredClone(values));
        const before = pictures(raw.records.map((record) => record.value));
        const { raw: redacted } = await redactRawSession(raw, DEFAULT_REDACTION);
        const text = JSON.stringify(redacted.records.map((record) => record.value));
        expect(text).not.toContain(GITHUB.slice(4));
        expect(text).not.toContain(HOME);
        for (const [block, data] of before) expect((block as { data: string }).data).toBe(data);
      }),
      { seed: 3107, numRuns: 300 },
    );
  });

  it("round three's three shapes leave no token and no home folder in md, html or json", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pi-report-image-type-"));
    const file = join(folder, "image-type.jsonl");
    const token = (n: number) => `ghp_IMGBYPASS${n}A1b2C3d4E5f6G7h8I9j0K1l2M3`;
    const lines = [
      { type: "session", version: 3, id: "img", timestamp: "2025-06-01T10:00:00.000Z", cwd: `${HOME}/app` },
      {
        type: "message",
        id: "u",
        parentId: null,
        timestamp: "2025-06-01T10:00:01.000Z",
        message: { role: "user", content: "make a thumbnail", timestamp: 1 },
      },
      {
        type: "message",
        id: "a",
        parentId: "u",
        timestamp: "2025-06-01T10:00:02.000Z",
        message: {
          role: "assistant",
          content: [
            {
              type: "toolCall",
              id: "c",
              name: "generate",
              arguments: { request: { type: "image", prompt: "a cat", api_key: token(1) } },
            },
          ],
          provider: "p",
          model: "m",
          usage: { input: 1, output: 1, cost: { total: 0.01 } },
          stopReason: "toolUse",
          timestamp: 2,
        },
      },
      {
        type: "message",
        id: "r",
        parentId: "a",
        timestamp: "2025-06-01T10:00:03.000Z",
        message: {
          role: "toolResult",
          toolCallId: "c",
          toolName: "generate",
          content: [{ type: "text", text: "saved" }],
          details: {
            result: { type: "image", path: `${HOME}/app/cat.png`, authorization: `Bearer ${token(2)}` },
          },
          isError: false,
          timestamp: 3,
        },
      },
      {
        type: "image",
        id: "x",
        parentId: "r",
        timestamp: "2025-06-01T10:00:04.000Z",
        note: `uploaded with ${token(3)}`,
      },
    ];
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    for (const format of ["md", "html", "json"]) {
      const { code, stdout } = await runCli([file, "-f", format, "-o", "-"]);
      expect(code).toBe(0);
      expect(stdout).not.toMatch(/IMGBYPASS|alicesmith/);
    }
  });
});
