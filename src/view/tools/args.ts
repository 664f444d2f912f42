/** Tool arguments as an object: providers sometimes leave them a JSON string. */
export function parseArgs(args: unknown): { value: unknown; object: Record<string, unknown> } {
  let value = args;
  if (typeof args === "string") {
    try {
      value = JSON.parse(args);
    } catch {
      return { value: args, object: {} };
    }
  }
  const object =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  return { value, object };
}

/** The first of these fields that holds a string. */
export function stringField(object: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = object[name];
    if (typeof value === "string") return value;
  }
  return null;
}

/** The argument names file tools give a file's path under (Pi's own, and other agents' spellings). */
export const PATH_ARGUMENTS: readonly string[] = ["path", "file_path", "filePath"];

/** A file tool's path argument, or null. */
export function pathArgument(object: Record<string, unknown>): string | null {
  return stringField(object, ...PATH_ARGUMENTS);
}

/** A field that holds a finite number, or null. */
export function numberField(object: Record<string, unknown>, name: string): number | null {
  const value = object[name];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A plain object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
