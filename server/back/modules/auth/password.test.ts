// Password hashes (server/back/modules/auth/password.ts): each keeps its own scrypt cost, so a hash made at one cost
// verifies after the cost of new hashes changed, and the stand-in hash for an unknown address costs what a real one does.
import { describe, expect, test } from "vitest";
import { DEFAULT_PASSWORD_HASH_COST, dummyPasswordHash, hashPassword, verifyPassword } from "./password.ts";

describe("password hashes", () => {
  test("a hash names its cost, verifies its password and no other", async () => {
    const hash = await hashPassword("demo1234", 1024);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("demo1234", hash)).toBe(true);
    expect(await verifyPassword("demo1235", hash)).toBe(false);
    // Salted: the same password gives another hash.
    expect(await hashPassword("demo1234", 1024)).not.toBe(hash);
  });

  test("hashes made at different costs both verify, each at its own cost", async () => {
    const cheap = await hashPassword("secret-1", 1024);
    const standard = await hashPassword("secret-1", DEFAULT_PASSWORD_HASH_COST);
    expect(standard.split("$")[1]).toBe("16384");
    expect(await verifyPassword("secret-1", cheap)).toBe(true);
    expect(await verifyPassword("secret-1", standard)).toBe(true);
  });

  test("the stand-in hash for an unknown address has the cost of new hashes and matches no password", async () => {
    expect(dummyPasswordHash(16384).split("$").slice(0, 4)).toEqual(["scrypt", "16384", "8", "1"]);
    expect(dummyPasswordHash(1024).split("$")[1]).toBe("1024");
    expect(await verifyPassword("", dummyPasswordHash(1024))).toBe(false);
    expect(await verifyPassword("demo1234", dummyPasswordHash(1024))).toBe(false);
  });

  test("a stored value that is not a scrypt hash never verifies", async () => {
    for (const stored of ["not-used", "", "bcrypt$10$abc", "scrypt$1024$8$1$$"]) expect(await verifyPassword("demo1234", stored), stored).toBe(false);
  });
});
