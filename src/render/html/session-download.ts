import type { SessionFileCopy } from "../../pipeline.js";
import { formatBytes } from "../../view/format.js";

/** The session file as the page's header offers it: a link that saves it, without script. */
export interface SessionDownload {
  /** A data URI holding the file (base64: a third more than the file). */
  href: string;
  /** The name the browser saves it as. */
  name: string;
  /** Its size, for people ("12.3 kB"). */
  size: string;
  leftOut: number;
}

/** The download link's data for a session file `analyze` kept (`SessionAnalysis.sessionFile`). */
export function sessionDownload(copy: SessionFileCopy): SessionDownload {
  const bytes = Buffer.from(copy.text, "utf8");
  return {
    href: `data:application/x-ndjson;base64,${bytes.toString("base64")}`,
    name: copy.name,
    size: formatBytes(bytes.length),
    leftOut: copy.leftOut,
  };
}
