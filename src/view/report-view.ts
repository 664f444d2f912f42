import type { SessionAnalysis } from "../pipeline.js";
import { entryAnchors } from "./anchors.js";
import { type BranchView, branchesView } from "./branches-view.js";
import { buildTranscript } from "./build-transcript.js";
import { type ChartView, chartView } from "./chart-view.js";
import { contextStatuses } from "./context-status.js";
import type { TranscriptNode } from "./entry-view.js";
import { type HeaderView, headerView } from "./header-view.js";
import { type OutlineItem, outlineView } from "./outline-view.js";
import { type PromptSummary, promptIndex } from "./prompt-index.js";
import { type UsageView, usageView } from "./usage-view.js";

/** Everything a report shows, independent of the output format (HTML and Markdown render this). */
export interface ReportView {
  header: HeaderView;
  usage: UsageView;
  chart: ChartView;
  branches: BranchView[];
  /** Entries with more than one child, in file order. */
  forkPoints: { anchor: string; id: string; children: number }[];
  outline: OutlineItem[];
  /** The active branch's prompts, each with what was done for it. */
  prompts: PromptSummary[];
  transcript: TranscriptNode[];
}

/** Builds the format-neutral view of an analyzed session. `sourcePath` names the file in the header. */
export function buildReportView(analysis: SessionAnalysis, sourcePath: string | null): ReportView {
  const anchors = entryAnchors(analysis.tree.entries);
  const active = analysis.activeBranch;
  const statuses = active === undefined ? new Map() : contextStatuses(analysis.tree, active);
  const transcript = buildTranscript({ analysis, anchors, statuses });
  const forkPoints = analysis.tree.children.flatMap((children, index) =>
    children.length > 1
      ? [
          {
            anchor: anchors[index] as string,
            id: analysis.tree.entries[index]?.id as string,
            children: children.length,
          },
        ]
      : [],
  );
  return {
    header: headerView(analysis, sourcePath),
    usage: usageView(analysis),
    chart: chartView(analysis, anchors),
    branches: branchesView(analysis, anchors),
    forkPoints,
    outline: outlineView(
      transcript,
      new Set(forkPoints.map((fork) => fork.anchor)),
      analysis.session.header.cwd ?? null,
    ),
    prompts: promptIndex(analysis, transcript, anchors, analysis.session.header.cwd ?? null),
    transcript,
  };
}
