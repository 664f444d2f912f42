/** A field of a raw JSON object from a session, for tests that look inside records. */
export function fieldOf(value: unknown, field: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[field] : undefined;
}
