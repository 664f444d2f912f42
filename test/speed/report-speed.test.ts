/**
 * `reportSpeed`: what the command hands a format's renderer. The report thread serves only the work it was
 * started for (a thread started to redact alone must not become the page's tokenizer: with --template its
 * placeholders could be escaped by a template), and every phase reaches the thread.
 */
import { describe, expect, it } from "vitest";
import type { PagePhase } from "../../src/render/html/page-speed.js";
import { reportSpeed } from "../../src/speed/machinery/report-speed.js";
import type { ReportThread } from "../../src/speed/machinery/report-thread.js";

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
  } as unknown as ReportThread;
  return { thread, phases, finished };
}

describe("reportSpeed", () => {
  it("without a thread: a phase hook only, which the page may call", () => {
    const speed = reportSpeed(undefined, { highlight: true, markdown: true });
    expect(speed.tokenizer).toBeUndefined();
    expect(speed.finish).toBeUndefined();
    expect(speed.markdownEntries).toBeUndefined();
    expect(() => speed.phase?.("model")).not.toThrow();
  });

  it("a thread started to highlight is the page's tokenizer, is told each phase and finishes the page", async () => {
    const { thread, phases, finished } = fakeThread();
    const speed = reportSpeed(thread, { highlight: true });
    expect(speed.tokenizer).toBe(thread.tokenizer);
    expect(speed.markdownEntries).toBeUndefined();
    for (const phase of ["model", "render", "templates"] as const) speed.phase?.(phase);
    expect(phases).toEqual(["model", "render", "templates"]);
    expect(await speed.finish?.(["a", "b"])).toEqual(["filled"]);
    expect(finished).toEqual([["a", "b"]]);
  });

  it("a thread started for anything else is not the page's: the page is rendered here", () => {
    const { thread, phases } = fakeThread();
    const speed = reportSpeed(thread, { highlight: false, markdown: true });
    expect(speed.tokenizer).toBeUndefined();
    expect(speed.finish).toBeUndefined();
    expect(speed.markdownEntries).toBe(thread.markdownEntries);
    speed.phase?.("templates");
    expect(phases).toEqual([]);
    expect(reportSpeed(thread, { highlight: false }).markdownEntries).toBeUndefined();
  });
});
