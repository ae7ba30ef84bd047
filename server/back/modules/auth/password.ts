import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptOnPool = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/**
 * scrypt runs on libuv's thread pool (4 threads by default), never on the event loop. At most two hashes run at
 * once and the others wait here, so a burst of logins leaves pool threads free for file reads, DNS and
 * compression, and the rest of the platform keeps answering.
 */
const MAX_PARALLEL_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keylen: number, options: object): Promise<Buffer> {
  if (running >= MAX_PARALLEL_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await scryptOnPool(password, salt, keylen, options);
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const MAX_MEMORY = 64 * 1024 * 1024;

/**
 * scrypt's cost (N) of new hashes: the environment's PASSWORD_HASH_COST, this by default. Every hash keeps its own N,
 * so a hash made at another cost still verifies, and a change applies to the passwords set after it.
 */
export const DEFAULT_PASSWORD_HASH_COST = 16384;

/** Format: scrypt$N$r$p$salt$hash (base64url), so the cost can be raised later. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N: cost, r: BLOCK_SIZE, p: PARALLELISM, maxmem: MAX_MEMORY });
  return ["scrypt", cost, BLOCK_SIZE, PARALLELISM, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64url");
  const actual = await scrypt(password, Buffer.from(saltText, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash to compare against when the account does not exist, at the cost of new hashes, so that the answer takes as
 * long as for an account's password and timing does not reveal which addresses have one.
 */
export function dummyPasswordHash(cost: number): string {
  return `scrypt$${cost}$${BLOCK_SIZE}$${PARALLELISM}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
}
