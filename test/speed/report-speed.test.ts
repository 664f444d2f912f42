/**
 * `reportSpeed`: what the command hands a format's renderer. The report thread serves only the work it was
 * started for (a thread started to redact alone must not become the page's tokenizer: with --template its
 * placeholders could be escaped by a template), and every phase reaches the thread.
 */
import { describe, expect, it } from "vitest";
import { SPLIT_MIN_CHARS } from "../../src/redact/split-redactor.js";
import type { PagePhase } from "../../src/render/html/page-speed.js";
import { reportEngines } from "../../src/speed/machinery/engines.js";
import {
  MARKDOWN_SHARE_MIN_BYTES,
  type ReportPlan,
  reportSpeed,
  threadWork,
} from "../../src/speed/machinery/report-speed.js";
import type { ReportThread } from "../../src/speed/machinery/report-thread.js";
import { SPEED_PIECES, type SpeedPiece } from "../../src/speed/pieces.js";

function fakeThread(): { thread: ReportThread; phases: PagePhase[]; finished: string[][] } {
  const phases: PagePhase[] = [];
  const finished: string[][] = [];
  const thread = {
    tokenizer: {},
    phase: (phase: PagePhase) => phases.push(phase),
    finish: async (parts: readonly string[]) => {
      finished.push([...parts]);
      return ["filled"];
    },
    markdownEntries: async () => null,
    redactor: () => async () => null,
  } as unknown as ReportThread;
  return { thread, phases, finished };
}

describe("reportSpeed", () => {
  it("without a thread: a phase hook only, which the page may call", () => {
    const speed = reportSpeed(undefined, { highlight: true, redact: true, markdown: true });
    expect(speed.tokenizer).toBeUndefined();
    expect(speed.finish).toBeUndefined();
    expect(speed.markdownEntries).toBeUndefined();
    expect(() => speed.phase?.("model")).not.toThrow();
  });

  it("a thread started to highlight is the page's tokenizer, is told each phase and finishes the page", async () => {
    const { thread, phases, finished } = fakeThread();
    const speed = reportSpeed(thread, { highlight: true, redact: false });
    expect(speed.tokenizer).toBe(thread.tokenizer);
    expect(speed.markdownEntries).toBeUndefined();
    for (const phase of ["model", "render", "templates"] as const) speed.phase?.(phase);
    expect(phases).toEqual(["model", "render", "templates"]);
    expect(await speed.finish?.(["a", "b"])).toEqual(["filled"]);
    expect(finished).toEqual([["a", "b"]]);
  });

  it("a thread started for anything else is not the page's: the page is rendered here", () => {
    const { thread, phases } = fakeThread();
    const speed = reportSpeed(thread, { highlight: false, redact: false, markdown: true });
    expect(speed.tokenizer).toBeUndefined();
    expect(speed.finish).toBeUndefined();
    expect(speed.markdownEntries).toBe(thread.markdownEntries);
    speed.phase?.("templates");
    expect(phases).toEqual([]);
    expect(reportSpeed(thread, { highlight: false, redact: false }).markdownEntries).toBeUndefined();
  });

  it("hands the analysis the thread's redactor only when the thread was started to redact", () => {
    const { thread } = fakeThread();
    expect(reportSpeed(thread, { highlight: true, redact: true }).redactor).toBe(thread.redactor);
    expect(reportSpeed(thread, { highlight: true, redact: false }).redactor).toBeUndefined();
    expect(reportSpeed(undefined, { highlight: true, redact: true }).redactor).toBeUndefined();
  });
});

describe("what the report thread is started for (the thread policy)", () => {
  const plan = (changes: Partial<ReportPlan>): ReportPlan => ({
    reportThread: "highlight",
    redacts: "session",
    redact: true,
    template: false,
    summary: false,
    size: 0,
    ...changes,
  });

  it("highlights an HTML page's code, but not through a template of the user's own", () => {
    expect(threadWork(plan({})).highlight).toBe(true);
    expect(threadWork(plan({ template: true })).highlight).toBe(false);
    expect(threadWork(plan({ reportThread: "markdown-entries" })).highlight).toBe(false);
  });

  it("redacts a share from the size where splitting pays, never for --no-redact or the JSON report", () => {
    expect(threadWork(plan({ size: SPLIT_MIN_CHARS - 1 })).redact).toBe(false);
    expect(threadWork(plan({ size: SPLIT_MIN_CHARS })).redact).toBe(true);
    expect(threadWork(plan({ size: SPLIT_MIN_CHARS, redact: false })).redact).toBe(false);
    expect(threadWork(plan({ size: SPLIT_MIN_CHARS, redacts: "output" })).redact).toBe(false);
  });

  it("renders a share of a full Markdown report from 1 MB, never of a summary", () => {
    const markdown = plan({ reportThread: "markdown-entries", size: MARKDOWN_SHARE_MIN_BYTES });
    expect(MARKDOWN_SHARE_MIN_BYTES).toBe(1_000_000);
    expect(threadWork(markdown).markdown).toBe(true);
    expect(threadWork({ ...markdown, size: MARKDOWN_SHARE_MIN_BYTES - 1 }).markdown).toBe(false);
    expect(threadWork({ ...markdown, summary: true }).markdown).toBe(false);
  });
});

describe("the pieces as engines", () => {
  it("has every piece on by default", () => {
    expect(reportEngines(() => true)).toEqual({
      templates: { precompiled: true },
      highlighters: { shell: true, lezer: true },
      plainProse: true,
      markdown: { sessionPieces: true, stringifyOnce: true, textByCharacter: true },
    });
  });

  it("turns off exactly the engine of each piece switched off", () => {
    const engineOf: Partial<Record<SpeedPiece, (engines: ReturnType<typeof reportEngines>) => boolean>> = {
      "precompiled-templates": (engines) => engines.templates.precompiled,
      "shell-scanner": (engines) => engines.highlighters.shell,
      lezer: (engines) => engines.highlighters.lezer,
      "plain-prose": (engines) => engines.plainProse,
      "session-pieces": (engines) => engines.markdown.sessionPieces,
      "stringify-once": (engines) => engines.markdown.stringifyOnce,
      "text-by-character": (engines) => engines.markdown.textByCharacter,
    };
    for (const [piece, read] of Object.entries(engineOf) as [SpeedPiece, (e: unknown) => boolean][]) {
      expect(piece in SPEED_PIECES).toBe(true);
      const engines = reportEngines((name) => name !== piece);
      expect(read(engines)).toBe(false);
      // Every other engine stays on.
      for (const [other, readOther] of Object.entries(engineOf) as [SpeedPiece, (e: unknown) => boolean][]) {
        if (other !== piece) expect(readOther(engines)).toBe(true);
      }
    }
  });
});
