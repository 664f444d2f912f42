import { createRedactor, type RedactOptions, type Redactor } from "./create-redactor.js";

const redactors = new Map<string, Promise<Redactor>>();

/**
 * The redactor of these options, built once per thread: secretlint's preset loads once, and the sessions
 * of one run (the archive's, a report's and its helper thread's) share the compiled patterns.
 */
export function cachedRedactor(options: RedactOptions): Promise<Redactor> {
  const key = JSON.stringify([options.patterns ?? [], options.homeDirs ?? [], options.secrets ?? true]);
  let redactor = redactors.get(key);
  if (redactor === undefined) {
    redactor = createRedactor(options);
    redactors.set(key, redactor);
  }
  return redactor;
}
