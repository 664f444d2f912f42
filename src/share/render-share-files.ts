import { basename, extname } from "node:path";
import { analyze, sessionRedaction } from "../pipeline.js";
import { readSessionFile } from "../read/read-session-file.js";
import type { RedactionSettings, RedactionSummary } from "../redact/redact-session.js";
import { TOOL_VERSION } from "../version.js";
import { headerView } from "../view/header-view.js";
import type { ShareFiles } from "./create-share.js";

/**
 * Pi's viewer shows a gist's `session.html` only when it holds `<script id="session-data"
 * type="application/json">` (its inject.ts refuses any other page as "not a supported Pi session
 * export"). Pi's own export keeps the session there; this report needs nothing from it, so it holds only
 * what made the page. JSON data, never run, so the page's Content-Security-Policy is unchanged.
 */
export function withViewerMarker(html: string, sessionId: string): string {
  const data = JSON.stringify({ generator: "pi-session-report", version: TOOL_VERSION, sessionId });
  const marker = `<script id="session-data" type="application/json">${data.replace(/</g, "\\u003c")}</script>\n`;
  const at = html.indexOf("</head>");
  if (at < 0) throw new Error("the HTML report has no </head> to mark for Pi's viewer");
  return `${html.slice(0, at)}${marker}${html.slice(at)}`;
}

/**
 * The session's HTML report and pull-request summary as they are shared: redacted (as `pi-report`
 * redacts by default, or as `redaction` says), the page marked for Pi's viewer, with the title and
 * session id the gist's description names (the title redacted too). The page offers the session file, as
 * `pi-report`'s does, unless `sessionFile` is false.
 */
export async function renderShareFiles(
  sessionPath: string,
  redaction: RedactionSettings,
  { sessionFile = true }: { sessionFile?: boolean } = {},
): Promise<ShareFiles & { redactions: RedactionSummary | null }> {
  const analysis = await analyze(readSessionFile(sessionPath), { sessionPath, redaction, sessionFile });
  const { renderHtmlParts } = await import("../render/html/render-html.js");
  const { renderMarkdown } = await import("../render/markdown/render-markdown.js");
  const header = headerView(analysis, sessionPath);
  const sessionId = header.sessionId ?? basename(sessionPath, extname(sessionPath));
  const html = (await renderHtmlParts(analysis, { sourcePath: sessionPath })).join("");
  const { markdown } = await renderMarkdown(analysis, { sourcePath: sessionPath, summary: true });
  return {
    html: withViewerMarker(html, sessionId),
    markdown,
    title: header.title,
    sessionId,
    redactions: sessionRedaction(analysis),
  };
}
