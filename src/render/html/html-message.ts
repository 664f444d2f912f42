/** A message's template data; `partial` names its template. */
export interface HtmlMessage {
  partial: string;
  /** Filter keys for the page script: role, tool names, error. */
  kind: string;
  tools: string[];
  error: boolean;
  [field: string]: unknown;
}
