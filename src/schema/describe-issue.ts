import type { z } from "zod";

/** Turns zod's first complaint into a short phrase naming the field, e.g. "`usage.input`: expected number". */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return "invalid";
  const path = issue.path.map(String).join(".");
  const message = issue.message.replace(/^Invalid input: /, "");
  return path === "" ? message : `\`${path}\`: ${message}`;
}
