// What an uploaded image may be: checks on its bytes, before it goes to the file store (file-store.ts).

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Image kinds recognised by their first bytes, never by the name or the declared type. */
export function sniffImageType(bytes: Uint8Array): "png" | "jpg" | "webp" | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length >= 12 && String.fromCharCode(...bytes.slice(0, 4)) === "RIFF" && String.fromCharCode(...bytes.slice(8, 12)) === "WEBP") return "webp";
  return null;
}

/**
 * Whether a file that is no raster image is an SVG (or other XML) document, only to tell the uploader that SVG is not
 * accepted (ADR 0105): nothing is decided from it, every file that sniffImageType does not recognise is refused.
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8")
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, "")
    .trimStart();
  return /^<(\?xml|svg\b|!--|!doctype\s+svg)/i.test(head) && /<svg\b/i.test(head);
}
