const SPECIAL = /[&<>"']/g;
const ENTITY: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML: safe as element content and as a quoted attribute value (either quote).
 *
 * The one escaper every hand-built string in the render primitives goes through, so that session
 * text can never become markup, whatever context a template later puts it in.
 */
export function escapeHtml(text: string): string {
  // Most code and output lines hold none of these; skip building a new string for them.
  SPECIAL.lastIndex = 0;
  if (!SPECIAL.test(text)) return text;
  return text.replace(SPECIAL, (character) => ENTITY[character] ?? character);
}
