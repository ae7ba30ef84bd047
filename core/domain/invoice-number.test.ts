import { describe, expect, it } from "vitest";
import { creditNoteNumber, invoiceNumber } from "./invoice-number.ts";

describe("invoiceNumber", () => {
  it("pads the sequence to six digits after the prefix and the year", () => {
    expect(invoiceNumber("FR", 2026, 1)).toBe("FR-2026-000001");
    expect(invoiceNumber("ESC", 2027, 123456)).toBe("ESC-2027-123456");
  });
});

describe("creditNoteNumber", () => {
  it("puts each country's series letters between the seller's prefix and the year", () => {
    expect(creditNoteNumber("FR", "FR", 2026, 1)).toBe("FR-AV-2026-000001");
    expect(creditNoteNumber("BE", "BE", 2026, 12)).toBe("BE-NC-2026-000012");
    expect(creditNoteNumber("ES", "ES", 2026, 3)).toBe("ES-R-2026-000003");
    expect(creditNoteNumber("ESC", "ES", 2027, 4)).toBe("ESC-R-2027-000004");
  });

  it("never equals an invoice number of the same brand, year and sequence", () => {
    for (const [prefix, country] of [
      ["FR", "FR"],
      ["BE", "BE"],
      ["ES", "ES"],
      ["ESC", "ES"],
    ] as const) {
      expect(creditNoteNumber(prefix, country, 2026, 7)).not.toBe(invoiceNumber(prefix, 2026, 7));
    }
  });
});
