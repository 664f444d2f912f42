import { describe, expect, test } from "vitest";
import { createRedactor, type JsonPath, redactJson } from "../../src/redact/index.js";
import { SEEDS } from "./fake-secrets.js";

const GITHUB = SEEDS.find((seed) => seed.kind === "github-token")?.secret ?? "";
const SKIP = new Set(["id", "parentId", "timestamp", "type", "role", "data"]);

describe("redactJson", () => {
  test("redacts string values in one copy, keeps keys, skipped keys and non-strings, never mutates", async () => {
    const redactor = await createRedactor({ homeDirs: ["/home/alice"] });
    const input = {
      type: "message",
      id: GITHUB,
      message: {
        role: "toolResult",
        content: [
          { type: "text", text: `token ${GITHUB}` },
          { type: "image", data: GITHUB, mimeType: "image/png" },
        ],
        details: { cwd: "/home/alice/app", exitCode: 0, ok: true, none: null },
      },
    };
    const before = structuredClone(input);
    const { value, counts } = await redactJson(input, redactor, { skipKeys: SKIP });
    expect(input).toEqual(before);
    expect(value).toEqual({
      ...before,
      message: {
        ...before.message,
        content: [
          { type: "text", text: "token [redacted: github-token]" },
          { type: "image", data: GITHUB, mimeType: "image/png" },
        ],
        details: { cwd: "~/app", exitCode: 0, ok: true, none: null },
      },
    });
    expect(counts).toEqual({ "github-token": 1, "home-directory": 1 });
    expect(value).not.toBe(input);
    expect((value as typeof input).message).not.toBe(input.message);
  });

  test("skipWhen sees the path and skips the whole subtree", async () => {
    const redactor = await createRedactor({});
    const seen: JsonPath[] = [];
    const input = { keep: { deep: [GITHUB] }, scan: [GITHUB] };
    const { value } = await redactJson(input, redactor, {
      skipKeys: new Set(),
      skipWhen: (path) => {
        seen.push(path);
        return path.length === 1 && path[0] === "keep";
      },
    });
    expect(value).toEqual({ keep: { deep: [GITHUB] }, scan: ["[redacted: github-token]"] });
    expect(seen).toContainEqual(["scan", 0]);
    expect(seen).not.toContainEqual(["keep", "deep"]);
  });

  test("a string under a secret-sounding key is redacted whole when no detector found anything", async () => {
    const redactor = await createRedactor({});
    const input = {
      arguments: { password: "correct horse battery staple", apiKey: GITHUB, token: "OPENAI_API_KEY" },
    };
    const { value, counts } = await redactJson(input, redactor, { skipKeys: SKIP });
    expect(value).toEqual({
      arguments: {
        password: "[redacted: password]",
        apiKey: "[redacted: github-token]",
        token: "OPENAI_API_KEY",
      },
    });
    expect(counts).toEqual({ "github-token": 1, password: 1 });
    const off = await createRedactor({ secrets: false });
    expect((await redactJson(input, off, { skipKeys: SKIP })).value).toEqual(input);
  });

  test("a hostile __proto__ key stays an own key and pollutes nothing", async () => {
    const redactor = await createRedactor({});
    const input = JSON.parse(`{"__proto__": {"polluted": "${GITHUB}"}, "a": 1}`) as unknown;
    const { value } = await redactJson(input, redactor, { skipKeys: SKIP });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(["__proto__", "a"]);
    expect(JSON.stringify(value)).toBe('{"__proto__":{"polluted":"[redacted: github-token]"},"a":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a root string, a root number and an empty array", async () => {
    const redactor = await createRedactor({});
    expect((await redactJson(`x ${GITHUB}`, redactor, { skipKeys: SKIP })).value).toBe(
      "x [redacted: github-token]",
    );
    expect((await redactJson(42, redactor, { skipKeys: SKIP })).value).toBe(42);
    expect((await redactJson([], redactor, { skipKeys: SKIP })).value).toEqual([]);
  });

  test("10,000 levels of nesting do not overflow the stack", async () => {
    const redactor = await createRedactor({});
    let input: unknown = { text: `bottom ${GITHUB}` };
    for (let depth = 0; depth < 10_000; depth += 1) input = depth % 2 === 0 ? [input] : { child: input };
    const { value, counts } = await redactJson(input, redactor, { skipKeys: SKIP, skipWhen: () => false });
    expect(counts).toEqual({ "github-token": 1 });
    let node: unknown = value;
    for (let depth = 10_000 - 1; depth >= 0; depth -= 1) {
      node = depth % 2 === 0 ? (node as unknown[])[0] : (node as { child: unknown }).child;
    }
    expect(node).toEqual({ text: "bottom [redacted: github-token]" });
  });

  test("50,000 strings in one batch", async () => {
    const redactor = await createRedactor({ homeDirs: ["/home/alice"] });
    const input = Array.from({ length: 50_000 }, (_, index) =>
      index % 1000 === 0 ? { text: `key ${GITHUB}` } : { text: `line ${index} of /home/alice/log.txt` },
    );
    const { value, counts } = await redactJson(input, redactor, { skipKeys: SKIP });
    expect(counts).toEqual({ "github-token": 50, "home-directory": 49_950 });
    expect((value as { text: string }[])[1000]?.text).toBe("key [redacted: github-token]");
    expect((value as { text: string }[])[1]?.text).toBe("line 1 of ~/log.txt");
  });
});

describe("in place", () => {
  test("redacts the input itself and skips the fields skipField keeps, and nothing beside them", async () => {
    const redactor = await createRedactor({});
    const image = { type: "image", data: GITHUB, note: GITHUB };
    const input = { text: `token ${GITHUB}`, nested: [{ note: GITHUB }], image };
    const { value, counts } = await redactJson(input, redactor, {
      skipKeys: new Set(),
      skipField: (container, key) => container === image && key === "data",
      inPlace: true,
    });
    expect(value).toBe(input);
    expect(input).toEqual({
      text: "token [redacted: github-token]",
      nested: [{ note: "[redacted: github-token]" }],
      image: { type: "image", data: GITHUB, note: "[redacted: github-token]" },
    });
    expect(counts).toEqual({ "github-token": 3 });
  });
});
