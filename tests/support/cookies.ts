/** One Set-Cookie header read by the tests of both suites (the integration agent's jar, the e2e API login). */
export type ParsedCookie = { name: string; value: string; attributes: Record<string, string | true> };

export function parseSetCookie(header: string): ParsedCookie {
  const [pair, ...rest] = header.split(";");
  const index = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const [key, ...value] = part.trim().split("=");
    attributes[key.toLowerCase()] = value.length ? value.join("=") : true;
  }
  return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim(), attributes };
}
