import { randomUUID } from "node:crypto";
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

/**
 * The download link as the templates get it, its `href` a marker, and `place`, which puts the data URI
 * where the marker is in the finished page's parts: as a part of its own, so the page's templates,
 * escaping and control-character pass never copy it (a 20 MB session's URI is 28 MB, and each copy
 * stayed until the page was written).
 */
export interface PlacedDownload {
  link: SessionDownload;
  place(parts: readonly string[]): string[];
}

/**
 * The data URI of a text, in pieces as the page holds it: its padding written `&#x3D;`, as the templates
 * escape an `=`, so the page has the bytes it had when the URI went through them.
 */
function dataUri(text: string): string[] {
  const base64 = Buffer.from(text, "utf8").toString("base64");
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  // A slice of the encoded text, not a copy of it.
  return [
    "data:application/x-ndjson;base64,",
    base64.slice(0, base64.length - padding),
    "&#x3D;".repeat(padding),
  ];
}

/** The download link's data for a session file `analyze` kept (`SessionAnalysis.sessionFile`). */
export function sessionDownload(copy: SessionFileCopy): PlacedDownload {
  // Random, so no text of the session can forge it; it never reaches the output.
  const marker = `\u0000pi-report-download-${randomUUID()}\u0000`;
  return {
    link: {
      href: marker,
      name: copy.name,
      size: formatBytes(Buffer.byteLength(copy.text, "utf8")),
      leftOut: copy.leftOut,
    },
    place: (parts) => {
      // Encoded only now, when the page is done: not held while it is built.
      let uri: string[] | undefined;
      return parts.flatMap((part) => {
        if (!part.includes(marker)) return [part];
        uri ??= dataUri(copy.text);
        const pieces = uri;
        return part.split(marker).flatMap((piece, index) => (index === 0 ? [piece] : [...pieces, piece]));
      });
    },
  };
}
