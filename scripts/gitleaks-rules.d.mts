/** Rewrites one Go RE2 regex as a JavaScript regex source (inline flags spelled out). */
export function toJavaScript(go: string): string;
/** A rule's regex as JavaScript: its source and flags (`i`, or none). */
export function convert(go: string): { source: string; flags: string };
