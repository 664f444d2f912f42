import type { RawSession } from "./raw-session.js";

/** The version Pi writes today, and the one a file of Pi's agent core is read as. */
const PI_SESSION_VERSION = 3;

/**
 * The id the copy goes by: the header's, else (a file without a header line) its first entry's. Never the
 * file's name, which is not redacted and can name a user or hold a token.
 */
export function sessionFileId(raw: RawSession): string {
  const id = raw.headerless === true ? raw.records[0]?.value.id : raw.header.id;
  return typeof id === "string" && id !== "" ? id : "session";
}

/**
 * The header line of the file again. A file without one gets one, as Pi needs to open it (a `session`
 * with an id, `sessionFileId`; a version by its entries; no cwd, so Pi takes the folder it runs in); a
 * file of Pi's agent core (version 4), whose entries were read as version 3 ones, is said to be version 3.
 */
function headerOf(raw: RawSession): Record<string, unknown> {
  if (raw.headerless === true) {
    const first = raw.records[0]?.value;
    const tree = raw.records.some(
      (record) => typeof record.value.id === "string" && "parentId" in record.value,
    );
    return {
      type: "session",
      version: tree ? PI_SESSION_VERSION : 1,
      id: sessionFileId(raw),
      ...(typeof first?.timestamp === "string" ? { timestamp: first.timestamp } : {}),
    };
  }
  return raw.inputVersion === 4 ? { ...raw.header, version: PI_SESSION_VERSION } : raw.header;
}

/**
 * A session as a file Pi opens again: its header, then every entry read, in file order, one JSON object a
 * line (entries glued onto one line are on lines of their own; lines nothing could be read from are left
 * out). Given a redacted session, the file is redacted as the reports made from it are.
 */
export function sessionFileText(raw: RawSession): string {
  let text = `${JSON.stringify(headerOf(raw))}\n`;
  for (const record of raw.records) text += `${JSON.stringify(record.value)}\n`;
  return text;
}
