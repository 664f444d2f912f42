/** A `--template` directory or a shipped template cannot be used; the message names the file and the fix. */
export class TemplateError extends Error {
  override readonly name = "TemplateError";
}
