/**
 * Builds a session's entries as one chain (each the child of the one before), for tests that place text in
 * every field: `add` takes an entry's body, `message` a message; `entries` are in file order.
 */
export function entryChain(timestamp = "2025-06-01T10:00:00.000Z") {
  const entries: object[] = [];
  const add = (body: object) => {
    const n = entries.length + 1;
    entries.push({ id: `e${n}`, parentId: n === 1 ? null : `e${n - 1}`, timestamp, ...body });
  };
  const message = (body: object) => add({ type: "message", message: body });
  return { entries, add, message };
}
