/** HTTP Range (RFC 9110, bytes unit, a single range) for the audio stream. */
export type ByteRange = { start: number; end: number };

/**
 * "none" when there is no usable Range (absent, another unit, several ranges or bad syntax: the whole file is
 * sent, as the RFC allows), "unsatisfiable" for a range outside the file (416), else the inclusive byte range.
 */
export function parseByteRange(header: string | undefined | null, size: number): ByteRange | "none" | "unsatisfiable" {
  if (!header) return "none";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "none";
  const [, first, last] = match;
  if (first === "" && last === "") return "none";
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return "none";
  return { start, end };
}
