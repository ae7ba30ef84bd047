/**
 * The one reader of a `Cookie` request header, for both tiers and the browser (`document.cookie` has the same form).
 *
 * - Pairs are split on `;`; spaces around names and values are dropped; a part without `=` or without a name is no cookie.
 * - A value is what follows the first `=` (a value may hold `=`: Base64, signed values).
 * - A name sent twice is its first value, as browsers send the most specific cookie first.
 * - The value is percent-decoded, and a value in double quotes loses them; a value that is not valid percent-encoding
 *   is no cookie at all (a forged or broken one, never half-read).
 * - `raw: true` keeps the values exactly as sent (a header handed on as it came, a cache key).
 *
 * The record has no prototype: a cookie named "constructor" or "__proto__" is a cookie like any other.
 */
export function parseCookies(header: string | null | undefined, options: { raw?: boolean } = {}): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  const seen = new Set<string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || seen.has(name)) continue;
    seen.add(name);
    const sent = part.slice(index + 1).trim();
    if (options.raw) {
      cookies[name] = sent;
      continue;
    }
    const value = decodeValue(sent.length >= 2 && sent.startsWith('"') && sent.endsWith('"') ? sent.slice(1, -1) : sent);
    if (value !== null) cookies[name] = value;
  }
  return cookies;
}

function decodeValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
