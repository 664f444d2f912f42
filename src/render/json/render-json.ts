import type { SessionAnalysis } from "../../pipeline.js";
import { type RedactionSummary, redactOutput } from "../../redact/redact-session.js";
import { redactionView } from "../../view/redaction-view.js";
import { escapeControlCharactersInJson } from "../primitives/control-characters.js";
import { buildJsonReport } from "./json-report.js";

/** The JSON report's text, and what redaction replaced to make it (null: the session was not redacted). */
export interface RenderedJson {
  text: string;
  redaction: RedactionSummary | null;
}

/**
 * The JSON report as written: two-space indented, control characters escaped, one final newline. When
 * the analysis left redaction to its output (`redactionScope: "output"`), the report's own strings are
 * redacted here: it holds no message text, so that covers all it shows, and its `redaction` counts what
 * it held (fewer than the whole session's).
 */
export async function renderJsonReport(analysis: SessionAnalysis): Promise<RenderedJson> {
  const report = buildJsonReport(analysis);
  const redaction = analysis.redaction;
  if (redaction === null || "summary" in redaction) {
    return { text: jsonText(report), redaction: redaction?.summary ?? null };
  }
  const cwd = analysis.session.header.cwd ?? null;
  const { output, summary } = await redactOutput(report, cwd, redaction.pending, "report");
  return { text: jsonText({ ...output, redaction: redactionView(summary) }), redaction: summary };
}

function jsonText(report: unknown): string {
  return `${escapeControlCharactersInJson(JSON.stringify(report, null, 2))}\n`;
}
