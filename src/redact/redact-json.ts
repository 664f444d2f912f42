import { markerFor } from "./apply-findings.js";
import type { Redactor } from "./create-redactor.js";
import { classifySecretName, type SecretName } from "./secret-name.js";
import { isSecretValue } from "./secret-value.js";

/** A key or index on the way from the root to a value. */
export type JsonPath = readonly (string | number)[];

/** Which strings `redactJson` leaves alone. */
export interface RedactJsonOptions {
  /** Object keys whose whole value is kept as is (ids, timestamps, model names): see kept-keys.ts. */
  skipKeys: ReadonlySet<string>;
  /** Object keys whose value is kept only when its test says so (a known `role`, an id shaped as one). */
  keptWhen?: ReadonlyMap<string, (value: unknown) => boolean>;
  /**
   * Keys whose values are free-form content all the way down (tool arguments, `details`): under them no key
   * is structure, so `skipKeys` no longer apply (an `id` or `api` there can hold anything).
   */
  contentKeys?: ReadonlySet<string>;
  /** Keeps the value at `path` (and everything under it) as is when this returns true. */
  skipWhen?: (path: JsonPath, value: unknown) => boolean;
  /**
   * Keeps one field's value as is when this returns true, judged by the object that holds it (an image
   * block's `data`): no path is built for it (paths cost on big input).
   */
  skipField?: (container: object, key: string | number) => boolean;
  /**
   * Redact in the input itself instead of a copy: for values the caller owns (a freshly parsed session),
   * so a large one is not held twice. The returned value is then the input.
   */
  inPlace?: boolean;
}

/** A string found in the input and where its redacted form goes in the copy. */
interface Slot {
  target: Record<string, unknown> | unknown[];
  key: string | number;
  text: string;
  /** Set when the string is the value of a secret-sounding key (`"apiKey": "…"`). */
  name: SecretName | null;
}

/** A container still to be copied; the path is a linked list so a step costs nothing until it is asked for. */
interface Frame {
  source: object;
  copy: Record<string, unknown> | unknown[];
  path: PathNode | null;
  /** Inside a skipped key: copied (the result shares nothing with the input) but never redacted. */
  skip: boolean;
  /** Inside a content key: `skipKeys` do not apply. */
  content: boolean;
}

interface PathNode {
  key: string | number;
  parent: PathNode | null;
}

function toArray(node: PathNode | null): JsonPath {
  const path: (string | number)[] = [];
  for (let at = node; at !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Sets a property as data, so a hostile `"__proto__"` key stays a key instead of replacing the prototype. */
function put(target: Record<string, unknown> | unknown[], key: string | number, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    (target as Record<string | number, unknown>)[key] = value;
  }
}

/**
 * Redacts every string value of a JSON-like value in one batch and returns a redacted copy; object keys
 * are kept, the input is never mutated (unless `inPlace`). Walks with its own stack, so 10,000 levels of nesting are fine.
 * A string under a secret-sounding key (`"password": "…"`) that the redactor found nothing in is still
 * replaced whole when secret detection is on: in JSON the name sits in the key, where no detector looks.
 */
export async function redactJson(
  value: unknown,
  redactor: Redactor,
  options: RedactJsonOptions,
): Promise<{ value: unknown; counts: Record<string, number> }> {
  const { skipKeys, keptWhen, contentKeys, skipWhen, skipField, inPlace = false } = options;
  const slots: Slot[] = [];
  const copies = new Map<object, unknown>();
  const stack: Frame[] = [];
  const holder: unknown[] = [undefined];

  // A session repeats a few dozen keys hundreds of thousands of times: each is classified once.
  const names = new Map<string, SecretName | null>();
  const nameOf = (key: string): SecretName | null => {
    let name = names.get(key);
    if (name === undefined) {
      name = classifySecretName(key);
      names.set(key, name);
    }
    return name;
  };

  const visit = (
    target: Slot["target"],
    key: string | number,
    child: unknown,
    path: PathNode | null,
    skip: boolean,
    content: boolean,
  ): void => {
    if (typeof child === "string") {
      const name = typeof key === "string" && redactor.secrets ? nameOf(key) : null;
      if (!skip) slots.push({ target, key, text: child, name });
      if (!inPlace) put(target, key, child);
    } else if (typeof child === "object" && child !== null) {
      if (inPlace) {
        stack.push({ source: child, copy: child as Frame["copy"], path, skip, content });
        return;
      }
      const seen = copies.get(child);
      if (seen !== undefined) {
        put(target, key, seen);
        return;
      }
      const copy: Frame["copy"] = Array.isArray(child) ? new Array<unknown>(child.length) : {};
      copies.set(child, copy);
      put(target, key, copy);
      stack.push({ source: child, copy, path, skip, content });
    } else if (!inPlace) {
      put(target, key, child);
    }
  };

  if (inPlace) holder[0] = value;
  visit(holder, 0, value, null, skipWhen?.([], value) ?? false, false);
  const step = (frame: Frame, key: string | number, child: unknown): void => {
    // Paths are built only for `skipWhen`: on a large session they were a good part of the walk.
    const path: PathNode | null = skipWhen === undefined ? null : { key, parent: frame.path };
    const content = frame.content || (typeof key === "string" && contentKeys?.has(key) === true);
    const skip =
      frame.skip ||
      (!frame.content &&
        typeof key === "string" &&
        (skipKeys.has(key) || keptWhen?.get(key)?.(child) === true)) ||
      skipField?.(frame.source, key) === true ||
      (path !== null && skipWhen?.(toArray(path), child) === true);
    visit(frame.copy, key, child, path, skip, content);
  };
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const source = frame.source;
    if (Array.isArray(source)) {
      for (let index = 0; index < source.length; index += 1) step(frame, index, source[index]);
    } else {
      for (const key of Object.keys(source)) step(frame, key, (source as Record<string, unknown>)[key]);
    }
  }

  const result = await redactor.redact(slots.map((slot) => slot.text));
  const counts = new Map(Object.entries(result.counts));
  slots.forEach((slot, index) => {
    let text = result.strings[index] ?? slot.text;
    if (text === slot.text && slot.name !== null && isSecretValue(text, slot.name)) {
      text = markerFor(slot.name.kind);
      counts.set(slot.name.kind, (counts.get(slot.name.kind) ?? 0) + 1);
    }
    if (!inPlace || text !== slot.text) put(slot.target, slot.key, text);
  });
  const sorted: Record<string, number> = {};
  for (const kind of [...counts.keys()].sort()) sorted[kind] = counts.get(kind) ?? 0;
  return { value: holder[0], counts: sorted };
}
