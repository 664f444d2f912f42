/**
 * Whether a markdown text is shaped so that micromark (remark-parse, the Markdown report's parser) would
 * take time growing with the square of its length: lines that open thousands of nested block quotes or
 * list items (`> > > …`, `- - - …`, a list indented a level per line) and paragraphs of thousands of link
 * brackets (`[[[…x]]]`, `[a[a[a…`): a few tens of KB of them took minutes and gigabytes (docs/safety.md).
 * Such text is shown as written instead, in a code block: nothing is lost. One pass, linear. (markdown-it, the page's parser,
 * stops at its nesting limit and is linear on these.)
 */

/** More block containers than this opened at one line's start is no text a person or model writes. */
const MAX_CONTAINERS = 100;
/** More `[` than this in one paragraph (outside code fences): real messages hold a few dozen links. */
const MAX_BRACKETS_PER_PARAGRAPH = 2_000;

/** True when `markdown` should be shown as written rather than parsed (see above). */
export function parsesSlowly(markdown: string): boolean {
  let fence: string | null = null;
  let brackets = 0;
  let lineStart = 0;
  while (lineStart <= markdown.length) {
    let lineEnd = markdown.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = markdown.length;
    const opened = openedFence(markdown, lineStart, lineEnd);
    if (fence !== null) {
      if (opened?.startsWith(fence)) fence = null;
    } else if (opened !== null) {
      fence = opened;
      brackets = 0;
    } else if (isBlank(markdown, lineStart, lineEnd)) {
      brackets = 0;
    } else {
      if (containersAt(markdown, lineStart, lineEnd) > MAX_CONTAINERS) return true;
      for (let at = lineStart; at < lineEnd; at += 1) if (markdown.charCodeAt(at) === 91) brackets += 1;
      if (brackets > MAX_BRACKETS_PER_PARAGRAPH) return true;
    }
    lineStart = lineEnd + 1;
  }
  return false;
}

/** The fence a line opens or closes (its run of ``` or ~~~), or null. */
function openedFence(text: string, start: number, end: number): string | null {
  let at = start;
  while (at < end && at - start < 4 && text[at] === " ") at += 1;
  const mark = text[at];
  if (mark !== "`" && mark !== "~") return null;
  let run = at;
  while (run < end && text[run] === mark) run += 1;
  return run - at >= 3 ? text.slice(at, run) : null;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at += 1) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

/**
 * How many block containers a line may open at its start: each `>` and list marker counts one, and each
 * two columns of indentation before a list marker count one (a list nested a level per line). An
 * overestimate is harmless: only text far past any real nesting is shown as written.
 */
function containersAt(text: string, start: number, end: number): number {
  let containers = 0;
  let indent = 0;
  let at = start;
  while (at < end) {
    const char = text[at];
    if (char === " " || char === "\t") {
      indent += char === "\t" ? 4 : 1;
      at += 1;
    } else if (char === ">") {
      containers += 1;
      at += 1;
    } else if ((char === "-" || char === "*" || char === "+") && /[ \t]/.test(text[at + 1] ?? "")) {
      containers += 1 + Math.floor(indent / 2);
      indent = 0;
      at += 2;
    } else {
      const ordered = /^\d{1,9}[.)][ \t]/.exec(text.slice(at, at + 12));
      if (ordered === null) break;
      containers += 1 + Math.floor(indent / 2);
      indent = 0;
      at += ordered[0].length;
    }
    if (containers > MAX_CONTAINERS) break;
  }
  return containers;
}
