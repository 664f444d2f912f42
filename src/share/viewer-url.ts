/**
 * Pi's share viewer, as Pi 1.6 builds its address (dist/config.js `getShareViewerUrl`): the gist id after
 * a `#`, on `PI_SHARE_VIEWER_URL` or https://pi.dev/session/. The viewer shows the gist's `session.html`
 * in a sandboxed frame; `&targetId=<entry id>` after the id scrolls it to an entry.
 */
export const DEFAULT_SHARE_VIEWER_URL = "https://pi.dev/session/";

/** The file the viewer shows: a gist without it is "not a supported Pi session export". */
export const VIEWER_FILE = "session.html";

/** The viewer's address for a gist. */
export function viewerUrl(gistId: string, env: Record<string, string | undefined> = {}): string {
  return `${env.PI_SHARE_VIEWER_URL || DEFAULT_SHARE_VIEWER_URL}#${gistId}`;
}

/** The largest `session.html` the viewer shows (its gist.ts `MAX_SESSION_HTML_BYTES`). */
export const VIEWER_MAX_BYTES = 12 * 1024 * 1024;

/** What to say when the page is too large for the viewer; null when it is not. */
export function viewerSizeNote(htmlBytes: number): string | null {
  if (htmlBytes <= VIEWER_MAX_BYTES) return null;
  const megabytes = (htmlBytes / (1024 * 1024)).toFixed(1);
  return `the report is ${megabytes} MB and Pi's viewer shows pages up to 12 MB: open the gist's session.html instead`;
}
