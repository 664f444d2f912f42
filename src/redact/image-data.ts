/** Base64 as images carry it; line breaks and spaces are allowed (some encoders wrap). */
const BASE64_TEXT = /^[A-Za-z0-9+/=\s]*$/;

/**
 * Whether `key` of `container` is a real image block's picture: the `data` of an object typed `image`
 * that has a string `mimeType`, and base64 in it. Only that is kept from redaction, at any depth: a
 * picture's base64 can look like anything, and redacting it would corrupt it. Everything else an object
 * typed `image` holds (a prompt, a path, an `api_key`, a whole entry of that type) is redacted as usual.
 */
export function isImageData(container: object, key: string | number): boolean {
  if (key !== "data" || Array.isArray(container)) return false;
  const { type, mimeType, data } = container as { type?: unknown; mimeType?: unknown; data?: unknown };
  return (
    type === "image" && typeof mimeType === "string" && typeof data === "string" && BASE64_TEXT.test(data)
  );
}
