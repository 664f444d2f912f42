import type { RedactOptions } from "../redact/create-redactor.js";
import type { RemoteRedaction } from "../redact/split-redactor.js";
import type { TokenizeRequest, TokenizeResult } from "../render/primitives/highlight/deferred-tokenizer.js";

/** What the report thread is asked to do. */
export type ToWorker =
  /** Load what the coming work needs while the session is read: shiki's engine, secretlint's rules. */
  | { kind: "warm"; highlight: boolean; redact: boolean }
  /** The languages the page will likely highlight, most used first: warm them up while waiting for blocks. */
  | { kind: "warm-languages"; ids: readonly string[] }
  /** The session's redaction is finished, wherever it was done: warm-up need not wait for a share of it. */
  | { kind: "redaction-over" }
  | { kind: "tokenize"; requests: TokenizeRequest[] }
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
  | { kind: "redacted"; id: number; redaction: RemoteRedaction | null };
