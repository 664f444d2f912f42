import { createHash } from "node:crypto";

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The page's Content-Security-Policy: nothing may load from anywhere (no network, no other file), images
 * only as data URIs, and only the page's own inline style and script, pinned by hash, may run. A
 * `<script>` or `style=` that session text smuggled past escaping would still not run or apply.
 */
export function contentSecurityPolicy(css: string, script: string): string {
  return [
    "default-src 'none'",
    "img-src data:",
    `style-src ${sha256(css)}`,
    `script-src ${sha256(script)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}
