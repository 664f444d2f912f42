/**
 * pi-session-report as a library: the same stages the CLI runs, as typed functions.
 *
 * read -> migrate -> type entries -> tree -> usage -> context per branch -> report.
 * `analyzeFile` / `analyzeSession` run them all; each stage is exported for programs that need one.
 * Reports: `buildJsonReport`, `renderHtml` (`renderHtmlParts`), `renderMarkdown`; many sessions: `runArchive`.
 */

export { ARCHIVE_SCHEMA_VERSION, type ArchiveJson } from "./archive/archive-json.js";
export { type ArchiveOptions, type ArchiveSummary, runArchive } from "./archive/run-archive.js";
export { type BranchContext, buildContext } from "./context/build-context.js";
export type { ContextMessage, ContextMessageBody } from "./context/context-message.js";
export { CURRENT_VERSION, type MigratedSession, migrateSession } from "./migrate/migrate-session.js";
export { type Session, typeEntries } from "./migrate/type-entries.js";
export {
  type AnalyzeOptions,
  analyzeFile,
  analyzeSession,
  type BranchAnalysis,
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
  type RedactionHelper,
  type RedactionSettings,
  type RedactionSummary,
  redactRawSession,
} from "./redact/redact-session.js";
export {
  type HtmlOptions,
  type MarkdownAsset,
  type MarkdownOptions,
  type MarkdownReport,
  type PagePhase,
  type ReportThread,
  type ReportThreadWork,
  renderHtml,
  renderHtmlParts,
  renderMarkdown,
  startReportThread,
} from "./renderers.js";
export {
  buildJsonReport,
  JSON_SCHEMA_VERSION,
  type JsonBranch,
  type JsonReport,
  roundCost,
} from "./report/json-report.js";
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
export { addToTotals, emptyTotals, type Totals } from "./usage/totals.js";
export { addUsage, type Cost, emptyUsage, isUnpriced, tokenCount, type Usage } from "./usage/usage.js";
export type { UsageItem, UsageSource } from "./usage/usage-item.js";
export type { RedactionView } from "./view/redaction-view.js";
