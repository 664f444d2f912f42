import type { Content } from "../schema/content.js";
import type { ImageView } from "./entry-view.js";

/** The image types a report may embed as data URIs; anything else is described, never embedded. */
export const EMBEDDABLE_IMAGE_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
];

/** The text of message content: a string as is, or its text blocks joined by blank lines. */
export function textOf(content: Content | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n\n");
}

/** The images of message content, embeddable or not (the renderer decides what to embed). */
export function imagesOf(content: Content | undefined): ImageView[] {
  if (content === undefined || typeof content === "string") return [];
  return content.flatMap((block) =>
    block.type === "image"
      ? [
          {
            mimeType: block.mimeType,
            data: block.data,
            bytes: base64Bytes(block.data),
            reference: imageReference(block.data),
          },
        ]
      : [],
  );
}

/** A content address (`blob:sha256:<hex>`): a hash names the image and tells nothing else. */
const CONTENT_ADDRESS = /^blob:[a-z0-9-]+:[0-9a-f]{16,128}$/i;
/** A URI scheme: base64 has no `:`, so data that starts with one is an address, never an image's bytes. */
const SCHEME = /^([a-z][a-z0-9+.-]{0,31}):/i;

/**
 * What an image block holds in place of its bytes, as a report may show it: a content address whole; any
 * other address (`https:`, `file:`) by its scheme only (`https:…`), since image blocks are not redacted and
 * an address can name a user or carry a token. Null for data (base64 or a `data:` URI).
 */
export function imageReference(data: string): string | null {
  const trimmed = data.trim();
  if (CONTENT_ADDRESS.test(trimmed)) return trimmed;
  const scheme = SCHEME.exec(trimmed)?.[1];
  if (scheme === undefined || scheme.toLowerCase() === "data") return null;
  return `${scheme}:…`;
}

/** Blocks that are neither text nor image, kept to be shown as JSON: each as stored, not as read. */
export function otherBlocksOf(content: Content | undefined): unknown[] {
  if (content === undefined || typeof content === "string") return [];
  return content.flatMap((block) => {
    if (block.type === "text" || block.type === "image") return [];
    return [block.type === "other" ? block.value : block];
  });
}

/** Decoded size of base64 data, without decoding it. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
