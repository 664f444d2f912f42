/**
 * The worker-thread entry of the archive's pool (piscina loads this file's compiled `.js` and calls its
 * default export once per task). Each thread keeps its own shiki highlighter, memoized for its lifetime.
 */
export { processSession as default } from "./process-session.js";
