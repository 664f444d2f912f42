import type { LineObject } from "./parse-line.js";
import type { Problem } from "./problem.js";

/** A session file as read: its header object, every entry object in file order, and what went wrong. */
export interface RawSession {
  /** The header exactly as stored (line 1 in a healthy file). */
  header: Record<string, unknown>;
  /** The header's line; for a file read without one (`headerless`), its first line. */
  headerLine: number;
  /** Set when the file has no header line and was read as a session by its entries alone. */
  headerless?: true;
  /** Every entry object recovered, in file order, with the line (and glued part) it came from. */
  records: LineObject[];
  problems: Problem[];
  /**
   * Set when the reader already knows the file's version from its format rather than its header's
   * `version`: 4 for a file of Pi's agent core, whose lines are mapped to v3 entries as they are read.
   */
  inputVersion?: number;
  /** The entry the file says it resumes from (a v4 file's `main` lane); otherwise it is the last entry. */
  leafId?: string;
  /** How Pi 1.6's reader sees the file (what "what Pi shows" is worked out from); absent for a v4 file. */
  piReading?: PiReading;
}

/**
 * What Pi 1.6's reader (`loadEntriesFromFile`) keeps of a file: each line `JSON.parse` takes as it stands
 * (no glued entries split, no escape mended, a byte order mark kept), provided the first of them is a
 * header with a string id; otherwise it keeps nothing.
 */
export interface PiReading {
  /** Lines holding something that Pi's `JSON.parse` rejects: it skips them, and whatever they held. */
  dropped: number[];
  /** False when the first line Pi parses is not a session header with an id: Pi then reads no entry. */
  headerFirst: boolean;
}
