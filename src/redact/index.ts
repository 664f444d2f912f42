/**
 * Redaction: strings in, redacted strings and counts by kind out. Pure (no files, no printing).
 *
 * Secrets become `[redacted: kind]`, home directories `~`. `createRedactor` builds the engine once per
 * run; `redactJson` applies it to a whole JSON-like value in one batch.
 */

export { markerFor } from "./apply-findings.js";
export { createRedactor, type RedactOptions, type Redactor, type RedactResult } from "./create-redactor.js";
export { RedactPatternError } from "./custom-patterns.js";
export { CUSTOM_KIND, HOME_DIRECTORY_KIND } from "./finding.js";
export { homeDirsFrom } from "./home-dirs.js";
export { type JsonPath, type RedactJsonOptions, redactJson } from "./redact-json.js";
