import type { Command } from "commander";
import type { RedactionSettings } from "../redact/redact-session.js";

/** Commander's way to repeat an option: each value is added to the list. */
function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Adds `--redact <regex>` (repeatable) and `--no-redact` to a command: reports and the archive share them. */
export function addRedactOptions(command: Command, what: string): Command {
  return command
    .option("--redact <regex>", "also redact what this regular expression matches (repeatable)", collect, [])
    .option("--no-redact", `leave secrets and home directories in ${what} (they are redacted by default)`);
}

/** `--no-redact` turns redaction off; `--redact <regex>` adds patterns to it. */
export function redactionSettings(option: string[] | false | undefined): RedactionSettings {
  return option === false ? { enabled: false, patterns: [] } : { enabled: true, patterns: option ?? [] };
}
