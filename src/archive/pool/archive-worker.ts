/**
 * The worker-thread entry of the archive's pool (piscina loads this file's compiled `.js` and calls its
 * default export once per task). Each thread keeps its own shiki highlighter, memoized for its lifetime.
 */
// The tokenizers, loaded with the thread, not on its first block (code-to-lines.ts loads them lazily, for a
// page whose report thread tokenizes): every page the archive renders is highlighted here, and loaded in the
// middle of the first session they raised the archive's peak memory (1,000 sessions, six runs each:
// 485-496 -> 509-522 MB).
import "../../render/primitives/highlight/tokenize-block.js";

export { processSession as default } from "./process-session.js";
