/**
 * The Pi extension of this package (package.json `pi.extensions`): `/report` writes the current
 * session's redacted HTML report, `/report md` its pull-request summary, `/report share` both as a secret
 * gist, `/report costs` this project's costs week by week. `pi install npm:pi-session-report`.
 */
import type { PiExtensionApi } from "./pi-api.js";
import { REPORT_ARGUMENTS, reportCommand } from "./report-command.js";

export default function piSessionReport(pi: PiExtensionApi): void {
  pi.registerCommand("report", {
    description:
      "Write this session's redacted HTML report (/report md: the PR summary, copied; /report share: a secret gist; /report costs: this project's costs)",
    getArgumentCompletions: (prefix) => {
      const matching = REPORT_ARGUMENTS.filter((argument) => argument.value.startsWith(prefix.trim()));
      return matching.length > 0 ? matching : null;
    },
    handler: reportCommand,
  });
}
