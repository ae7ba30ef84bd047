import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

/**
 * Verification codes and signatures of attestations.
 *
 * A code is 12 characters from an alphabet without look-alikes (no 0/O, 1/I/L), grouped by four:
 * `7KQM-X2PD-9HTC` (about 60 bits, unguessable). The signature is an HMAC-SHA256, keyed by APP_SECRET,
 * of the code and the canonical JSON of the printed facts: changing one fact of a stored row, or
 * inventing a code, gives a row that does not verify.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const GROUPS = 3;
const GROUP_LENGTH = 4;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${GROUP_LENGTH}}(-[${CODE_ALPHABET}]{${GROUP_LENGTH}}){${GROUPS - 1}}$`);

export type Facts = Record<string, string | number | null>;

export function generateCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    for (let i = 0; i < GROUP_LENGTH; i++) group += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

/** A typed code made canonical (upper case, spaces and dashes ignored), or null when it cannot be a code. */
export function normaliseCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, "");
  if (compact.length !== GROUPS * GROUP_LENGTH) return null;
  const grouped = compact.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
  return CODE_PATTERN.test(grouped) ? grouped : null;
}

export function isCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/** JSON with keys sorted, so the same facts always give the same bytes whatever the storage reorders. */
export function canonicalJson(facts: Facts): string {
  const sorted = Object.keys(facts)
    .sort()
    .map((key) => [key, facts[key] ?? null] as const);
  return JSON.stringify(Object.fromEntries(sorted));
}

export function signAttestation(secret: string, code: string, facts: Facts): string {
  return createHmac("sha256", secret)
    .update(`${code}\n${canonicalJson(facts)}`)
    .digest("base64url");
}

export function isSignatureValid(secret: string, code: string, facts: Facts, signature: string): boolean {
  const expected = Buffer.from(signAttestation(secret, code, facts));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
