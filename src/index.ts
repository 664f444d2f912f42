/**
 * pi-session-report as a library: the same stages the CLI runs, as typed functions.
 *
 * read -> redact -> migrate -> type entries -> tree -> usage -> context per branch -> report.
 * `analyzeFile` / `analyze` run them all (redacting by default); `analyzeSession` the stages after
 * redaction; each stage is exported for programs that need one. Reports: `OUTPUT_FORMATS` (one row per
 * format), `buildJsonReport`, `renderHtml` (`renderHtmlParts`), `renderMarkdown`; many sessions: `runArchive`.
 */

export { ARCHIVE_SCHEMA_VERSION, type ArchiveJson } from "./archive/model/archive-json.js";
export { type ArchiveOptions, type ArchiveSummary, runArchive } from "./archive/run/run-archive.js";
export { type BranchContext, buildContext } from "./context/build-context.js";
export type { ContextMessage, ContextMessageBody } from "./context/context-message.js";
export { CURRENT_VERSION, type MigratedSession, migrateSession } from "./migrate/migrate-session.js";
export { type Session, typeEntries } from "./migrate/type-entries.js";
export {
  type AnalysisRedaction,
  type AnalyzeOptions,
  analyze,
  analyzeFile,
  analyzeSession,
  type BranchAnalysis,
  type RedactedAnalyzeOptions,
  type SessionAnalysis,
} from "./pipeline.js";
export { SessionReadError, type SessionReadErrorCode } from "./read/errors.js";
export { parseSessionBytes } from "./read/parse-session-text.js";
export type { Problem, ProblemCode, ProblemDetails, ProblemKind } from "./read/problem.js";
export {
  problemSentence,
  problemText,
  type WordedProblem,
  wordedProblem,
} from "./read/problem-sentence.js";
export type { RawSession } from "./read/raw-session.js";
export { readSessionFile } from "./read/read-session-file.js";
export { RedactPatternError } from "./redact/custom-patterns.js";
export {
  DEFAULT_REDACTION,
  NOT_REDACTED,
  type RedactionHelper,
  type RedactionSettings,
  type RedactionSummary,
} from "./redact/redact-session.js";
export {
  buildJsonReport,
  JSON_SCHEMA_VERSION,
  type JsonBranch,
  type JsonReport,
} from "./render/json/json-report.js";
export {
  formatNamedBy,
  type HtmlOptions,
  type MarkdownAsset,
  type MarkdownOptions,
  type MarkdownReport,
  OUTPUT_FORMATS,
  type OutputFormat,
  type PagePhase,
  type PageSpeed,
  REPORT_FORMATS,
  type RenderedReport,
  type RenderRequest,
  type ReportFormat,
  type ReportSpeed,
  renderHtml,
  renderHtmlParts,
  renderMarkdown,
} from "./renderers.js";
// The session's shapes as types; the zod schemas that check them are the reader's own.
export type {
  Content,
  ContentBlock,
  ImageBlock,
  OtherBlock,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
} from "./schema/content.js";
export type {
  BranchSummaryEntry,
  CompactionEntry,
  ContextEditEntry,
  CustomEntry,
  CustomMessageEntry,
  EntryBody,
  LabelEntry,
  MessageEntry,
  ModelChangeEntry,
  OtherEntry,
  SessionEntry,
  SessionInfoEntry,
  ThinkingLevelChangeEntry,
  UsageEntry,
} from "./schema/entry.js";
export type { SessionHeader } from "./schema/header.js";
export type {
  AssistantMessage,
  BashExecutionMessage,
  CustomMessage,
  OtherMessage,
  StoredMessage,
  SystemMessage,
  ToolResultMessage,
  UserMessage,
} from "./schema/message.js";
export { buildTree, pathTo, type SessionTree, UnknownEntryError } from "./tree/build-tree.js";
export { collectUsage } from "./usage/collect-usage.js";
export { breakDown, type ModelTotals, type UsageBreakdown } from "./usage/summarize-usage.js";
export { type ConvertedUsage, toUsage } from "./usage/to-usage.js";
export { addToTotals, emptyTotals, roundCost, type Totals } from "./usage/totals.js";
export { addUsage, type Cost, emptyUsage, isUnpriced, tokenCount, type Usage } from "./usage/usage.js";
export type { UsageItem, UsageSource } from "./usage/usage-item.js";
export type { RedactionView } from "./view/redaction-view.js";
