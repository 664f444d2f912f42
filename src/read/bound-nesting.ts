/**
 * How deep a line's values may nest (the entry object itself is level 1) before what lies below is kept
 * as its JSON text. Every stage after the reader walks values, and some walk them recursively
 * (`JSON.stringify`, the libraries that render): with this bound none of them goes deeper, whatever the
 * file holds. Real entries nest a few dozen levels at most; markdown-it's own limit is the same.
 */
export const MAX_NESTING = 100;

/**
 * Whether a line's text could nest deeper than `MAX_NESTING`: only a text with more `{` and `[` than
 * that can. Counting them is far cheaper than walking the parsed value, and most lines hold fewer.
 */
export function mayNestTooDeep(text: string): boolean {
  let count = 0;
  for (const opener of ["{", "["]) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
      count += 1;
      if (count > MAX_NESTING) return true;
    }
  }
  return false;
}

/**
 * Replaces, in place, every array or object of a freshly parsed value that sits below level
 * `MAX_NESTING` by its JSON text, so that nothing is lost and no later walk goes deeper. Walks with its
 * own stack. Returns how many values it so kept as text (0: the value is unchanged).
 */
export function boundNesting(value: Record<string, unknown>): number {
  let kept = 0;
  const stack: { container: Record<string, unknown> | unknown[]; level: number }[] = [
    { container: value, level: 1 },
  ];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { container, level } = next;
    const keys = Array.isArray(container) ? container.keys() : Object.keys(container);
    for (const key of keys) {
      const child = (container as Record<string | number, unknown>)[key];
      if (typeof child !== "object" || child === null) continue;
      if (level < MAX_NESTING) {
        stack.push({ container: child as Record<string, unknown> | unknown[], level: level + 1 });
        continue;
      }
      // As data: a `"__proto__"` key parsed as a key must not become an assignment to the prototype.
      Object.defineProperty(container, key, {
        value: jsonText(child),
        writable: true,
        enumerable: true,
        configurable: true,
      });
      kept += 1;
    }
  }
  return kept;
}

/** A stretch of JSON still being written: a container and how far into it. */
interface Open {
  container: Record<string, unknown> | unknown[];
  keys: string[] | null;
  index: number;
}

/** `JSON.stringify` of a parsed value, without recursion: the same text at any depth. */
export function jsonText(value: unknown): string {
  const parts: string[] = [];
  const stack: Open[] = [];
  const write = (item: unknown): void => {
    if (typeof item !== "object" || item === null) {
      parts.push(JSON.stringify(item) ?? "null");
    } else if (Array.isArray(item)) {
      parts.push("[");
      stack.push({ container: item, keys: null, index: 0 });
    } else {
      parts.push("{");
      stack.push({ container: item as Record<string, unknown>, keys: Object.keys(item), index: 0 });
    }
  };
  write(value);
  for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
    const { container, keys, index } = top;
    const length = keys === null ? (container as unknown[]).length : keys.length;
    if (index === length) {
      parts.push(keys === null ? "]" : "}");
      stack.pop();
      continue;
    }
    top.index += 1;
    if (index > 0) parts.push(",");
    if (keys === null) {
      write((container as unknown[])[index]);
    } else {
      const key = keys[index] as string;
      parts.push(JSON.stringify(key), ":");
      write((container as Record<string, unknown>)[key]);
    }
  }
  return parts.join("");
}
