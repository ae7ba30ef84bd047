import { describe, expect, it } from "vitest";
import { invoiceNumber } from "./invoice-number.ts";

describe("invoiceNumber", () => {
  it("pads the sequence to six digits after the prefix and the year", () => {
    expect(invoiceNumber("FR", 2026, 1)).toBe("FR-2026-000001");
    expect(invoiceNumber("ESC", 2027, 123456)).toBe("ESC-2027-123456");
  });
});
