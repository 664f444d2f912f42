/**
 * Redaction split between two threads (splitRedactor): a large batch is cut in two by characters and
 * the part past LOCAL_SHARE redacted elsewhere; the result must be exactly the one redactor's on the
 * whole batch.
 */
import { describe, expect, it } from "vitest";
import { readSessionFile } from "../../src/read/read-session-file.js";
import { createRedactor, type Redactor } from "../../src/redact/index.js";
import { DEFAULT_REDACTION, redactRawSession } from "../../src/redact/redact-session.js";
import {
  changesOf,
  LOCAL_SHARE,
  type RemoteRedactor,
  SPLIT_MIN_CHARS,
  splitRedactor,
} from "../../src/redact/split-redactor.js";
import { startReportThread } from "../../src/speed/machinery/report-thread.js";
import { CORPUS } from "../helpers/paths.js";
import { SEEDS, withSecret } from "./fake-secrets.js";

/**
 * A batch over the split threshold (which counts each distinct string once): distinct filler, with seeded
 * secrets all along (so on both sides of any cut), and each string given twice, at both ends.
 */
function largeBatch(): string[] {
  const filler = "ordinary output line with nothing secret in it\n".repeat(200);
  const distinct: string[] = [];
  for (let at = 0, chars = 0; chars < SPLIT_MIN_CHARS * 1.5; at += 1) {
    const seed = SEEDS[at % SEEDS.length];
    const text = `${at}: ${filler}${at % 3 === 0 && seed !== undefined ? withSecret(seed) : ""}`;
    distinct.push(text);
    chars += text.length;
  }
  // The copies are new strings, equal to the first ones but not the same objects.
  return [...distinct, ...distinct.map((text) => [...text].join(""))];
}

/** A remote that redacts with `redactor` in this thread and counts how often it was asked. */
function inThisThread(redactor: Redactor): { remote: RemoteRedactor; calls: () => number } {
  let calls = 0;
  return {
    remote: async (strings, occurrences) => {
      calls += 1;
      return changesOf(strings, await redactor.redact(strings, occurrences));
    },
    calls: () => calls,
  };
}

describe("splitRedactor", () => {
  it("gives what one redactor gives on the whole batch, unchanged strings the very same", async () => {
    const local = await createRedactor({ homeDirs: ["/home/dev"] });
    const strings = largeBatch();
    const whole = await local.redact(strings);
    const sent: string[] = [];
    const sentTimes: number[] = [];
    let changedThere = 0;
    const { remote, calls } = inThisThread(local);
    const split = await splitRedactor(local, async (batch, occurrences) => {
      sent.push(...batch);
      sentTimes.push(...occurrences);
      const answer = await remote(batch, occurrences);
      changedThere += answer?.changed.length ?? 0;
      return answer;
    }).redact(strings);
    expect(calls()).toBe(1);
    expect(split.counts).toEqual(whole.counts);
    expect(split.strings).toEqual(whole.strings);
    // Both copies of a string went to the same side, as one string that stands twice.
    expect(new Set(sent).size).toBe(sent.length);
    expect(new Set(sentTimes)).toEqual(new Set([2]));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length * 2).toBeLessThan(strings.length);
    // The other thread gets 1 - LOCAL_SHARE of the distinct characters (give or take a string).
    const chars = (list: readonly string[]) => list.reduce((sum, text) => sum + text.length, 0);
    const share = chars(sent) / chars([...new Set(strings)]);
    expect(Math.abs(share - (1 - LOCAL_SHARE))).toBeLessThan(0.01);
    // Secrets were found on both sides: the other thread changed strings of its share, and strings
    // it was not sent changed too. The comparison is not between untouched batches.
    expect(changedThere).toBeGreaterThan(0);
    const sentSet = new Set(sent);
    const changedHere = split.strings.filter(
      (text, index) => text !== strings[index] && !sentSet.has(strings[index] as string),
    );
    expect(changedHere.length).toBeGreaterThan(0);
  });

  it("redacts the other thread's share itself when that thread cannot answer", async () => {
    const local = await createRedactor({});
    const strings = largeBatch();
    const split = await splitRedactor(local, async () => null).redact(strings);
    expect(split).toEqual(await local.redact(strings));
  });

  it("keeps a small batch to itself", async () => {
    const local = await createRedactor({});
    const { remote, calls } = inThisThread(local);
    const strings = SEEDS.map(withSecret);
    expect(await splitRedactor(local, remote).redact(strings)).toEqual(await local.redact(strings));
    expect(calls()).toBe(0);
  });
});

describe("redactRawSession with the report thread", () => {
  it("redacts a large real session exactly as alone", async () => {
    // The four largest real sessions as one (6.5 MB, 4.4 million distinct characters): past the split
    // threshold, so part of it is redacted in the thread. (Redaction reads strings, not the tree.)
    const paths = [
      "pi-mono__before-compaction.jsonl",
      "pi-mono__compact.jsonl",
      "agent-complex-task__03-raddit-dashboard-pr_session.jsonl",
      "pi-mono__large-session.jsonl",
    ].map((name) => `${CORPUS}real/${name}`);
    const read = () => {
      const [first, ...rest] = paths.map((path) => readSessionFile(path));
      if (first === undefined) throw new Error("no session");
      return { ...first, records: [first, ...rest].flatMap((raw) => raw.records) };
    };
    const alone = await redactRawSession(read(), DEFAULT_REDACTION);
    const thread = startReportThread({ highlight: false, redact: true });
    try {
      let sent = 0;
      const helper = {
        redactor: (options: Parameters<typeof thread.redactor>[0]): RemoteRedactor => {
          const remote = thread.redactor(options);
          return (strings, occurrences) => {
            sent += strings.length;
            return remote(strings, occurrences);
          };
        },
      };
      const shared = await redactRawSession(read(), DEFAULT_REDACTION, helper);
      expect(sent).toBeGreaterThan(1000);
      // And redacted it there: the result is not the same by the fallback.
      expect(thread.done().redactions).toBe(1);
      expect(shared.summary).toEqual(alone.summary);
      expect(shared.raw.records.map((record) => record.value)).toEqual(
        alone.raw.records.map((record) => record.value),
      );
      expect(shared.raw.header).toEqual(alone.raw.header);
      expect(Object.keys(alone.summary.counts)).not.toHaveLength(0);
    } finally {
      await thread.close();
    }
  }, 60_000);
});

describe("a redactor given the same string more than once", () => {
  it("counts the weights of a string given more than once, here and across threads", async () => {
    const local = await createRedactor({});
    const seed = SEEDS[0];
    if (seed === undefined) throw new Error("no seed");
    const secret = withSecret(seed);
    expect((await local.redact([secret, secret], [2, 3])).counts).toEqual({ [seed.kind]: 5 });
    // The split adds the weights of equal strings before it sends them: 2 + 3 + 1 over the batch.
    const filler = (at: number) => `${at} ${"x".repeat(100_000)}`;
    const strings = [secret, ...Array.from({ length: 60 }, (_, at) => filler(at)), secret, secret];
    const weights = [2, ...strings.slice(1, -2).map(() => 1), 3, 1];
    const { remote, calls } = inThisThread(local);
    const split = await splitRedactor(local, remote).redact(strings, weights);
    expect(calls()).toBe(1);
    expect(split.counts).toEqual({ [seed.kind]: 6 });
    expect(split).toEqual(await local.redact(strings, weights));
  });

  it("counts a string's replacements as many times as it is said to occur", async () => {
    const redactor = await createRedactor({});
    const seed = SEEDS[0];
    if (seed === undefined) throw new Error("no seed");
    const secret = withSecret(seed);
    const once = await redactor.redact([secret, "plain"]);
    const weighted = await redactor.redact([secret, "plain"], [5, 3]);
    expect(once.counts).toEqual({ [seed.kind]: 1 });
    expect(weighted.counts).toEqual({ [seed.kind]: 5 });
    expect(weighted.strings).toEqual(once.strings);
  });

  it("redacts every occurrence and counts each, and leaves the others as they were", async () => {
    const redactor = await createRedactor({});
    const seed = SEEDS[0];
    if (seed === undefined) throw new Error("no seed");
    const secret = withSecret(seed);
    // Equal strings built apart, as a parser makes them.
    const copy = (text: string) => [...text].join("");
    const plain = "nothing to see here, just a long enough line";
    const strings = [secret, plain, copy(secret), copy(plain), copy(secret)];
    const alone = await redactor.redact([secret]);
    const result = await redactor.redact(strings);
    expect(alone.counts).toEqual({ [seed.kind]: 1 });
    expect(result.counts).toEqual({ [seed.kind]: 3 });
    for (const index of [0, 2, 4]) expect(result.strings[index]).toBe(alone.strings[0]);
    expect(result.strings[0]).not.toContain(seed.secret);
    expect([result.strings[1], result.strings[3]]).toEqual([plain, plain]);
  });
});
