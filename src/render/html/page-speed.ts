import type { RenderEngines } from "../primitives/engines.js";
import type { LineTokenizer } from "../primitives/highlight/tokenizer.js";

/**
 * Where the page is: building its models (`"model"`: the view of the session and the page model, work
 * done once per entry), rendering them (`"render"`: highlighting, markdown), then filling its templates
 * (`"templates"`: every block it will highlight has been asked for).
 */
export type PagePhase = "model" | "render" | "templates";

/**
 * The speed machinery a page may be handed (src/speed/machinery/: the pieces it is rendered with, the
 * report thread, V8's tier-up by phase). The page composes itself as it would without it, tells it where
 * it is, and hands it the finished parts: it changes when the page is done, never what the page says
 * (test/speed/). The HTML and Markdown reports take it under one name, `speed` (see `ReportSpeed`).
 */
export interface PageSpeed {
  /** The pieces to render with (`DEFAULT_ENGINES` when unset). */
  readonly engines?: RenderEngines;
  /**
   * Where the code the highlight budget lets through is tokenized (unset: in this thread). A tokenizer
   * that answers with placeholders (the report thread's) fills them in `finish`: with templates of your
   * own that transform the HTML they are given (escape, cut, count it), leave it out.
   */
  readonly tokenizer?: LineTokenizer;
  /** The page starts a phase, once each, in order. A hint only; it never changes the page. */
  phase?(phase: PagePhase): void;
  /** The finished page: whatever the machinery held back put in place. The page is then done with it. */
  finish?(parts: readonly string[]): Promise<string[]>;
}
