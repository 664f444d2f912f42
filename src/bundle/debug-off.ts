/**
 * Stands in for the `debug` package in the bundled command (see rolldown.config.mjs). secretlint's core
 * logs through `debug` only for its own developers (with DEBUG set), and loading the package (with `tty`,
 * `util` and a lookup for `supports-color` through node_modules) cost 12-19 ms of every report that
 * redacts: a tenth of a JSON report of the 2.3 MB real session.
 */
interface DebugLog {
  (...args: unknown[]): void;
  enabled: boolean;
  extend: () => DebugLog;
}

export default function createDebug(): DebugLog {
  const log = (() => {}) as DebugLog;
  log.enabled = false;
  log.extend = () => log;
  return log;
}
