import { describe, expect, it } from "vitest";
import { BRAND_KEYS } from "../branding/brands.ts";
import { LEGAL_IDENTITIES } from "../branding/legal-identities.ts";
import { chequeInstructions } from "./cheque-instructions.ts";

describe("chequeInstructions", () => {
  it.each(BRAND_KEYS.map((brand) => [brand]))("%s: the brand's payee and address, the order's total with VAT, the order number as the reference", (brand) => {
    expect(chequeInstructions(brand, { id: 42, totalWithVat: 16_940, currency: "EUR" })).toEqual({
      payee: LEGAL_IDENTITIES[brand].cheques.payee,
      address: LEGAL_IDENTITIES[brand].cheques.address,
      amountCents: 16_940,
      currency: "EUR",
      reference: "42",
    });
  });
});
