/** Guards `?redirect=` style values so a link can never send the user to another site (open redirect). */

const MAX_LENGTH = 2048;
const MAX_DECODE_ROUNDS = 5;
// C0 controls, DEL and C1 controls: browsers strip or reinterpret them inside URLs.
// eslint-disable-next-line no-control-regex -- the control characters are what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const ENCODED_ASCII = /%[0-7][0-9a-f]/gi;

function isSafeForm(path: string): boolean {
  return path.startsWith("/") && path[1] !== "/" && !path.includes("\\") && !CONTROL_CHARACTERS.test(path);
}

// Only ASCII escapes can smuggle '/', '\', '%' or controls; decoding just those never throws on malformed input.
const decodeAscii = (path: string): string => path.replace(ENCODED_ASCII, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));

/**
 * `value` when it is a same-site path starting with a single '/', otherwise `fallback`. Each percent-decoded
 * form must pass the same checks, so '/%2F%2Fevil.example', '/%252F%252Fevil.example' or '/%5Cevil' are refused.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return fallback;
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    if (!isSafeForm(current)) return fallback;
    const decoded = decodeAscii(current);
    if (decoded === current) return value;
    current = decoded;
  }
  // Still changing after several rounds of decoding: not a path a person wrote.
  return fallback;
}
