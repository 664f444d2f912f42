import type { RedactOptions } from "../../redact/create-redactor.js";
import type { RemoteRedaction } from "../../redact/split-redactor.js";
import type { EntrySettings } from "../../render/markdown/entry-context.js";
import type { MarkdownEntry } from "../../render/markdown/entry-to-markdown.js";
import type { OwnHighlighters } from "../../render/primitives/engines.js";
import type {
  TokenizeRequest,
  TokenizeResult,
} from "../../render/primitives/highlight/deferred-tokenizer.js";
import type { EntryView } from "../../view/entry-view.js";

/** What the report thread is asked to do. */
export type ToWorker =
  /** Load what the coming work needs while the session is read: shiki's engine, secretlint's rules. */
  | { kind: "warm"; highlight: boolean; redact: boolean; markdown: boolean; highlighters: OwnHighlighters }
  | { kind: "tokenize"; requests: TokenizeRequest[] }
  /** A share of the Markdown report's entries to render (`renderEntries`). */
  | { kind: "markdown-entries"; id: number; entries: readonly EntryView[]; settings: EntrySettings }
  | {
      kind: "redact";
      id: number;
      options: RedactOptions;
      strings: readonly string[];
      occurrences: readonly number[];
    };

/** What it answers. */
export type FromWorker =
  | { kind: "lines"; results: TokenizeResult[] }
  | { kind: "redacted"; id: number; redaction: RemoteRedaction | null }
  /** The entries' Markdown, in the order sent; null when they could not be rendered here. */
  | { kind: "markdown-entries"; id: number; entries: MarkdownEntry[] | null };
