/**
 * Any nesting depth gives a report (round three's G6: tool arguments nested 6,000 arrays deep exited 1,
 * "Maximum call stack size exceeded", in every format and in `pr`). The reader keeps what lies below
 * MAX_NESTING levels as its JSON text, so no later stage walks deeper; nothing is lost and the problem is
 * listed. Deep values go anywhere a session holds one: the property places them at random.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundNesting, jsonText, MAX_NESTING } from "../../src/read/bound-nesting.js";
import { parseSessionBytes } from "../../src/read/parse-session-text.js";
import { archive } from "../archive/helpers.js";
import { runCli } from "../helpers/cli.js";
import { ROOT } from "../helpers/paths.js";

const BIN = `${ROOT}dist/bin/pi-report.js`;

const TOKEN = `ghp_${"DeepNest0".repeat(4)}`;
const USAGE = '{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,"cost":{"total":0.01}}';

/** A value `depth` levels deep, arrays or objects, with the token at the bottom, as JSON text. */
function deepText(depth: number, shape: "array" | "object"): string {
  const leaf = JSON.stringify(`bottom ${TOKEN}`);
  return shape === "array"
    ? `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;
}

const entry = (id: string, parent: string | null, body: string) =>
  `{"type":"message","id":"${id}","parentId":${parent === null ? "null" : `"${parent}"`},"timestamp":"2025-06-01T10:00:01.000Z",${body}}`;
const reply = (content: string, extra = "") =>
  `"message":{"role":"assistant","content":${content},"provider":"anthropic","model":"claude-sonnet-4-5","usage":${USAGE},"stopReason":"stop","timestamp":2${extra}}`;
const call = (name: string, args: string) =>
  reply(`[{"type":"toolCall","id":"c","name":"${name}","arguments":${args}}]`);
const result = (name: string, details: string, content = '[{"type":"text","text":"ok"}]') =>
  `"message":{"role":"toolResult","toolCallId":"c","toolName":"${name}","content":${content},"details":${details},"isError":false,"timestamp":3}`;

/** Every place a session holds a value: each gives the lines after the header and the first prompt. */
const PLACES: Record<string, (deep: string) => string[]> = {
  // Round three's G6: the last entry, a call with no result whose usage has no total, so the context is
  // estimated from the call's JSON.
  "trailing tool arguments": (deep) => [
    entry(
      "a",
      "u",
      call("mytool", `{"deep":${deep}}`).replace(USAGE, '{"input":1,"output":1,"cost":{"total":0.01}}'),
    ),
  ],
  "bash arguments": (deep) => [
    entry("a", "u", call("bash", `{"command":"ls","x":${deep}}`)),
    entry("r", "a", result("bash", "{}")),
  ],
  details: (deep) => [
    entry("a", "u", call("bash", '{"command":"ls"}')),
    entry("r", "a", result("bash", deep)),
  ],
  "an unknown content block": (deep) => [
    entry("a", "u", call("bash", '{"command":"ls"}')),
    entry("r", "a", result("bash", "{}", `[{"type":"text","text":"ok"},{"type":"weird","value":${deep}}]`)),
  ],
  "a sub-agent run's messages": (deep) => [
    entry("a", "u", call("subagent", "{}")),
    entry(
      "r",
      "a",
      result(
        "subagent",
        `{"results":[{"agent":"a","task":"t","messages":[{"role":"assistant","content":[{"type":"toolCall","id":"z","name":"bash","arguments":{"x":${deep}}}],"usage":${USAGE}},{"role":"toolResult","toolCallId":"z","toolName":"bash","content":[],"details":${deep}}]}]}`,
      ),
    ),
  ],
  "a reply's usage": (deep) => [
    entry("a", "u", reply('[{"type":"text","text":"hi"}]').replace(USAGE, `{"input":${deep}}`)),
  ],
  "a reply's content": (deep) => [entry("a", "u", reply(`[{"type":"text","text":"hi"},${deep}]`))],
  "an extension's data": (deep) => [
    `{"type":"custom","id":"a","parentId":"u","timestamp":"2025-06-01T10:00:02.000Z","customType":"x","data":${deep}}`,
  ],
  "an entry of no known type": (deep) => [
    `{"type":"mystery","id":"a","parentId":"u","timestamp":"2025-06-01T10:00:02.000Z","value":${deep}}`,
  ],
  "the whole message": (deep) => [entry("a", "u", `"message":${deep}`)],
};

function sessionText(place: string, deep: string, cwd = "/srv"): string {
  const lines = [
    `{"type":"session","version":3,"id":"deep","timestamp":"2025-06-01T10:00:00.000Z","cwd":${JSON.stringify(cwd)}}`,
    entry("u", null, '"message":{"role":"user","content":"go","timestamp":1}'),
    ...(PLACES[place] as (deep: string) => string[])(deep),
  ];
  return `${lines.join("\n")}\n`;
}

/** Every place at once, one after another (the trailing call last), ids made unique per place. */
function everyPlaceText(deep: string): string {
  let tip = "u";
  const lines: string[] = [];
  const places = Object.keys(PLACES).sort(
    (a, b) => Number(a === "trailing tool arguments") - Number(b === "trailing tool arguments"),
  );
  for (const [index, place] of places.entries()) {
    for (const line of (PLACES[place] as (deep: string) => string[])(deep)) {
      const renamed = line
        .replace(/"id":"([ar])"/, `"id":"$1${index}"`)
        .replace('"parentId":"a"', `"parentId":"a${index}"`)
        .replace('"parentId":"u"', `"parentId":"${tip}"`);
      tip = /"id":"([ar]\d+)"/.exec(renamed)?.[1] ?? tip;
      lines.push(renamed);
    }
  }
  return sessionText("details", deep).split("\n").slice(0, 2).concat(lines).join("\n");
}

/** How deep a parsed value nests, walked with a stack (the value itself is level 1). */
function nesting(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, level] = next;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, level);
    for (const child of Object.values(item)) stack.push([child, level + 1]);
  }
  return deepest;
}

describe("the reader bounds nesting and loses nothing", () => {
  it("jsonText is JSON.stringify, at any depth JSON.stringify can reach", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonText(value)).toBe(JSON.stringify(value));
      }),
      { seed: 3106, numRuns: 500 },
    );
  });

  it("what lies below the limit becomes its own JSON text; nothing above it changes", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3 }),
        fc.integer({ min: 1, max: 3 * MAX_NESTING }),
        (leaf, depth) => {
          const text = `{"x":${'{"a":['.repeat(depth)}${JSON.stringify(leaf)}${"]}".repeat(depth)}}`;
          const bounded = JSON.parse(text) as Record<string, unknown>;
          const kept = boundNesting(bounded);
          expect(nesting(bounded)).toBeLessThanOrEqual(MAX_NESTING);
          // Side by side with the value as parsed: the same above the limit, its JSON text just below it.
          const original: unknown = JSON.parse(text);
          let texts = 0;
          const pairs: [unknown, unknown, number][] = [[original, bounded, 1]];
          for (let next = pairs.pop(); next !== undefined; next = pairs.pop()) {
            const [was, is, level] = next;
            if (typeof was !== "object" || was === null) {
              expect(is).toEqual(was);
            } else if (level > MAX_NESTING) {
              expect(is).toBe(JSON.stringify(was));
              texts += 1;
            } else {
              expect(Object.keys(is as object)).toEqual(Object.keys(was));
              for (const key of Object.keys(was))
                pairs.push([
                  (was as Record<string, unknown>)[key],
                  (is as Record<string, unknown>)[key],
                  level + 1,
                ]);
            }
          }
          expect(kept).toBe(texts);
        },
      ),
      { seed: 3106, numRuns: 200 },
    );
  });

  it("100,000 levels in an entry: read, bounded, the problem on its line", () => {
    const raw = parseSessionBytes(
      Buffer.from(sessionText("details", deepText(100_000, "array"))),
      "deep.jsonl",
    );
    for (const record of raw.records) expect(nesting(record.value)).toBeLessThanOrEqual(MAX_NESTING);
    expect(raw.problems).toContainEqual({
      line: 4,
      kind: "repaired",
      code: "nested-too-deep",
      detail: { limit: MAX_NESTING, values: 1 },
    });
  });
});

describe("any depth, anywhere, gives a report in every format", () => {
  const folder = mkdtempSync(join(tmpdir(), "pi-report-deep-"));
  let files = 0;

  it("1,000, 10,000 and 100,000 levels at a random place: html, md, json and --summary", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(PLACES)),
        fc.constantFrom(1_000, 10_000, 100_000),
        fc.constantFrom("array" as const, "object" as const),
        async (place, depth, shape) => {
          files += 1;
          const file = join(folder, `s${files}.jsonl`);
          writeFileSync(file, sessionText(place, deepText(depth, shape)));
          for (const flags of [
            ["-f", "html"],
            ["-f", "md"],
            ["-f", "json"],
            ["-f", "md", "--summary"],
          ]) {
            const { code, stdout, stderr } = await runCli([file, ...flags, "-o", "-"]);
            expect({ place, depth, flags, code, stderr }).toMatchObject({ code: 0 });
            expect(stdout).not.toContain(TOKEN);
            if (!flags.includes("--summary")) expect(stdout).toContain(`deeper than ${MAX_NESTING} levels`);
          }
        },
      ),
      { seed: 3106, numRuns: 16 },
    );
  }, 240_000);

  it("with a sixth of the usual stack, every place at once renders in every format (the CLI as built)", () => {
    // At the bound, what every stage walks is MAX_NESTING deep: a walker that recursed with frames six
    // times larger than today's would fail here, not on a user's machine.
    const file = join(folder, "every-place.jsonl");
    writeFileSync(file, everyPlaceText(deepText(100_000, "array")));
    const raw = parseSessionBytes(readFileSync(file), file);
    expect(raw.problems.filter((problem) => problem.code === "nested-too-deep")).toHaveLength(
      Object.keys(PLACES).length,
    );
    for (const format of ["html", "md", "json"]) {
      const run = spawnSync(process.execPath, ["--stack-size=160", BIN, file, "-f", format, "-o", "-"], {
        encoding: "utf8",
        maxBuffer: 1 << 28,
      });
      expect({ format, status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
      expect(run.stdout).not.toContain(TOKEN);
    }
  }, 60_000);

  it("`pr --dry-run` and `archive` too", async () => {
    const repo = realpathSync(mkdtempSync(join(tmpdir(), "pi-report-deep-repo-")));
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, stdio: "ignore" });
    git("init", "-q");
    writeFileSync(join(repo, "a"), "a");
    git("add", "a");
    git("-c", "user.email=a@example.com", "-c", "user.name=a", "commit", "-qm", "init");
    const sessions = join(folder, "pr-sessions");
    mkdirSync(sessions);
    writeFileSync(
      join(sessions, "deep.jsonl"),
      sessionText("trailing tool arguments", deepText(100_000, "array"), repo),
    );
    const pr = await runCli(
      ["pr", "--dry-run", "--any-time", "--no-links", "--sessions-dir", sessions],
      {},
      repo,
    );
    expect({ code: pr.code, stderr: pr.stderr }).toMatchObject({ code: 0 });
    expect(pr.stdout).toContain("claude-sonnet-4-5");

    const site = mkdtempSync(join(tmpdir(), "pi-report-deep-site-"));
    await archive(sessions, site);
    const json = JSON.parse(readFileSync(join(site, "archive.json"), "utf8"));
    expect(json.counts.sessions).toBe(1);
    expect(readFileSync(join(site, "index.html"), "utf8")).not.toContain(TOKEN);
  }, 60_000);
});
