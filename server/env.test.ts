// Reading the card payment settings (issue 28 item 5, ADR 0100): production names who takes card payments, and
// SystemPay without its keys is refused instead of quietly becoming the sandbox.
import { describe, expect, test } from "vitest";
import { DEFAULT_PASSWORD_HASH_COST } from "./back/modules/auth/password.ts";
import { cardPaymentProvider, readEnv } from "./env.ts";

const SECRETS = { APP_SECRET: "x".repeat(16), PUSHER_APP_SECRET: "y".repeat(16) };
const SYSTEMPAY = { SYSTEMPAY_SHOP_ID: "12345678", SYSTEMPAY_KEY: "1122334455667788" };
const provider = (source: Record<string, string>) => cardPaymentProvider(readEnv({ ...SECRETS, ...source }));

describe("card payment provider", () => {
  test("production without PAYMENT_PROVIDER is refused with a message that says what to set", () => {
    expect(() => provider({ NODE_ENV: "production" })).toThrow(
      /PAYMENT_PROVIDER is not set: in production.*PAYMENT_PROVIDER=systempay.*PAYMENT_PROVIDER=sandbox/,
    );
    // NODE_ENV defaults to production, and an empty value counts as unset.
    expect(() => provider({})).toThrow(/PAYMENT_PROVIDER is not set/);
    expect(() => provider({ PAYMENT_PROVIDER: "" })).toThrow(/PAYMENT_PROVIDER is not set/);
    // SystemPay's keys alone do not choose it.
    expect(() => provider({ NODE_ENV: "production", ...SYSTEMPAY })).toThrow(/PAYMENT_PROVIDER is not set/);
  });

  test("production takes the provider it names", () => {
    expect(provider({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" })).toBe("sandbox");
    expect(provider({ NODE_ENV: "production", PAYMENT_PROVIDER: "systempay", ...SYSTEMPAY })).toBe("systempay");
  });

  test("SystemPay without its shop id or key is refused, in every mode, never replaced by the sandbox", () => {
    for (const NODE_ENV of ["production", "development", "test"]) {
      expect(() => provider({ NODE_ENV, PAYMENT_PROVIDER: "systempay" })).toThrow(/PAYMENT_PROVIDER=systempay needs SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY/);
      expect(() => provider({ NODE_ENV, PAYMENT_PROVIDER: "systempay", SYSTEMPAY_SHOP_ID: "12345678" })).toThrow(/needs SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY/);
      expect(() => provider({ NODE_ENV, PAYMENT_PROVIDER: "systempay", SYSTEMPAY_KEY: "k" })).toThrow(/needs SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY/);
      // The REST password alone cannot start a form payment.
      expect(() => provider({ NODE_ENV, PAYMENT_PROVIDER: "systempay", SYSTEMPAY_SHOP_ID: "12345678", SYSTEMPAY_PASSWORD: "p" })).toThrow(
        /needs SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY/,
      );
    }
  });

  test("development and tests default to the sandbox", () => {
    expect(provider({ NODE_ENV: "development" })).toBe("sandbox");
    expect(provider({ NODE_ENV: "test" })).toBe("sandbox");
  });

  test("an unknown provider or a shop id that is not 8 digits is an invalid environment", () => {
    expect(() => readEnv({ ...SECRETS, PAYMENT_PROVIDER: "stripe" })).toThrow(/Invalid environment:\n {2}PAYMENT_PROVIDER/);
    expect(() => readEnv({ ...SECRETS, SYSTEMPAY_SHOP_ID: "1234" })).toThrow(/SYSTEMPAY_SHOP_ID: 8 digits/);
  });
});

describe("password hash cost", () => {
  test("production hashes at scrypt's N = 16384 unless told otherwise", () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(16384);
    expect(readEnv({ ...SECRETS }).PASSWORD_HASH_COST).toBe(16384);
    expect(readEnv({ ...SECRETS, PASSWORD_HASH_COST: "1024" }).PASSWORD_HASH_COST).toBe(1024);
  });

  test("a cost that is not a power of two from 1,024 to 1,048,576 is an invalid environment", () => {
    for (const cost of ["1000", "512", "2097152", "abc", "16384.5"]) {
      expect(() => readEnv({ ...SECRETS, PASSWORD_HASH_COST: cost }), cost).toThrow(/Invalid environment:\n {2}PASSWORD_HASH_COST/);
    }
  });
});
