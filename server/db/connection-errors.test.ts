import { describe, expect, test } from "vitest";
import { isDatabaseUnavailable } from "./connection-errors.ts";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  test.each(["57P01", "57P02", "57P03", "08000", "08003", "08006", "ECONNREFUSED", "ECONNRESET"])("code %s", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  test("pg's messages for a connection ended under a query or a pool that cannot connect", () => {
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  test("wrapped by Drizzle (cause) or in an AggregateError of refused addresses", () => {
    const drizzle = new Error("Failed query: select 1", { cause: withCode("57P01", "terminating connection due to administrator command") });
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(true);
  });

  test("a fault of the query or of the code is not", () => {
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("42501", "permission denied for table stored_files"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });
});
