import type { PageSpeed } from "../../render/html/page-speed.js";
import type { RemoteEntries } from "../../render/markdown/entry-share.js";
import type { ReportThread } from "./report-thread.js";
import { tuneTierUpForPhase } from "./tier-up.js";

/**
 * The speed machinery a format's renderer is handed (`RenderRequest.speed`): an HTML page's hooks
 * (`PageSpeed`), and for the Markdown report, a share of its entries rendered in the report thread.
 */
export interface ReportSpeed extends PageSpeed {
  /** Renders entries of the Markdown report in the report thread (`MarkdownOptions.remoteEntries`). */
  readonly markdownEntries?: RemoteEntries;
}

/**
 * The command's machinery for one report: V8's tier-up by the page's phase (a no-op in a process that
 * was not tuned for a batch, `tuneTierUpForBatch`), and the report thread for what it was started to do
 * (`ReportThreadWork`): tokenizing the page's code, rendering a share of the Markdown report.
 */
export function reportSpeed(
  thread: ReportThread | undefined,
  work: { highlight: boolean; markdown?: boolean },
): ReportSpeed {
  const page = work.highlight ? thread : undefined;
  return {
    phase: (phase) => {
      tuneTierUpForPhase(phase);
      page?.phase(phase);
    },
    ...(page === undefined ? {} : { tokenizer: page.tokenizer, finish: (parts) => page.finish(parts) }),
    ...(thread === undefined || work.markdown !== true ? {} : { markdownEntries: thread.markdownEntries }),
  };
}
