import type { Command } from "commander";
import { UsageError } from "../output/usage-error.js";
import type { RedactionSettings } from "../redact/redact-session.js";

/** Given both ways round: a pattern to redact, and no redaction at all, cannot both be meant. */
function contradiction(): UsageError {
  return new UsageError(
    "--redact and --no-redact cannot be used together: --no-redact leaves everything as it is, patterns too.",
  );
}

/**
 * Adds `--redact <regex>` (repeatable) and `--no-redact` to a command: reports and the archive share them.
 * Commander keeps one value for the two, so `--no-redact` after `--redact` would drop the patterns in
 * silence, and before it would leave no list to add to: either order is refused.
 */
export function addRedactOptions(command: Command, what: string): Command {
  let patternsGiven = false;
  // Commander's way to repeat an option: each value is added to the list.
  const collect = (value: string, previous: string[] | false = []): string[] => {
    if (previous === false) throw contradiction();
    patternsGiven = true;
    return [...previous, value];
  };
  return command
    .option("--redact <regex>", "also redact what this regular expression matches (repeatable)", collect, [])
    .option("--no-redact", `leave secrets and home directories in ${what} (they are redacted by default)`)
    .hook("preAction", (self) => {
      if (patternsGiven && self.opts().redact === false) throw contradiction();
    });
}

/** `--no-redact` turns redaction off; `--redact <regex>` adds patterns to it. */
export function redactionSettings(option: string[] | false | undefined): RedactionSettings {
  return option === false ? { enabled: false, patterns: [] } : { enabled: true, patterns: option ?? [] };
}
