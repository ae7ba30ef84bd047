import { describe, expect, it } from "vitest";
import {
  isValidBelgianVatNumber,
  isValidFrenchVatNumber,
  isValidPostalCode,
  isValidSpanishTaxId,
  isValidTaxId,
  missingBillingFields,
  normaliseTaxId,
  taxIdRequired,
  type BillingDetails,
} from "./billing.ts";
import { LEGAL_IDENTITIES } from "../branding/legal-identities.ts";

describe("Spanish NIF", () => {
  it.each(["12345678Z", "12345678-z", "X1234567L", "Y1234567X", "B12345674", "b-1234567-4", "Q2800013A", "P2800013A", "A28004323"])("%s is valid", (value) => {
    expect(isValidSpanishTaxId(value)).toBe(true);
  });
  it.each(["12345678A", "X1234567A", "B12345678", "Q2800013B", "1234567Z", "I1234567J", "", "ES12345678Z"])("%s is refused", (value) => {
    expect(isValidSpanishTaxId(value)).toBe(false);
  });
});

describe("Belgian VAT number (mod 97)", () => {
  it.each(["BE0123456749", "BE 0123.456.749", "be0412345614", "BE1000000021"])("%s is valid", (value) => {
    expect(isValidBelgianVatNumber(value)).toBe(true);
  });
  it.each(["BE0123456789", "BE2123456749", "0123456749", "BE012345674", "FR0123456749"])("%s is refused", (value) => {
    expect(isValidBelgianVatNumber(value)).toBe(false);
  });
});

describe("French VAT number", () => {
  it.each(["FR32123456789", "FR 32 123 456 789", "FR11690012345"])("%s is valid", (value) => expect(isValidFrenchVatNumber(value)).toBe(true));
  it.each(["FR12123456789", "FR3212345678", "32123456789"])("%s is refused", (value) => expect(isValidFrenchVatNumber(value)).toBe(false));
});

describe("postal codes", () => {
  it.each([
    ["FR", "69002", true],
    ["FR", "20000", true],
    ["FR", "97400", true],
    ["FR", "00100", false],
    ["FR", "96000", false],
    ["FR", "6900", false],
    ["FR", "69 002", false],
    ["BE", "1000", true],
    ["BE", "0999", false],
    ["BE", "10000", false],
    ["ES", "28004", true],
    ["ES", "08002", true],
    ["ES", "53000", false],
    ["ES", "00001", false],
  ] as const)("%s %s -> %s", (country, code, valid) => expect(isValidPostalCode(country, code)).toBe(valid));
});

describe("what each country requires", () => {
  const complete: BillingDetails = { companyName: null, address: "12 place du Marché", postalCode: "69003", city: "Lyon", country: "FR", taxId: null };

  it("France: the postal address, no tax number", () => {
    expect(missingBillingFields(complete, "person", "FR")).toEqual([]);
    expect(missingBillingFields(complete, "pharmacy", "FR")).toEqual([]);
    expect(missingBillingFields({ ...complete, address: " ", city: null }, "person", "FR")).toEqual(["address", "city"]);
    expect(missingBillingFields(null, "person", "FR")).toEqual(["address", "postalCode", "city"]);
  });

  it("Spain: the NIF of every buyer (factura completa)", () => {
    const spanish = { ...complete, country: "ES" as const, postalCode: "28004", city: "Madrid" };
    expect(missingBillingFields(spanish, "person", "ES")).toEqual(["taxId"]);
    expect(missingBillingFields({ ...spanish, taxId: "12345678Z" }, "person", "ES")).toEqual([]);
    expect(missingBillingFields(null, "pharmacy", "ES")).toEqual(["address", "postalCode", "city", "taxId"]);
    // The seller's country decides: a French buyer of a Spanish seller gives a tax number too.
    expect(missingBillingFields(complete, "person", "ES")).toEqual(["taxId"]);
  });

  it("Belgium: the VAT number of a company buyer only", () => {
    const belgian = { ...complete, country: "BE" as const, postalCode: "1000", city: "Bruxelles" };
    expect(missingBillingFields(belgian, "person", "BE")).toEqual([]);
    expect(missingBillingFields({ ...belgian, companyName: "SRL Dupont" }, "person", "BE")).toEqual(["taxId"]);
    expect(missingBillingFields(belgian, "pharmacy", "BE")).toEqual(["taxId"]);
    expect(taxIdRequired("BE", "person", "  ")).toBe(false);
  });
});

describe("the demo legal identities pass the same checks", () => {
  it.each(Object.entries(LEGAL_IDENTITIES))("%s", (_brand, identity) => {
    expect(isValidTaxId(identity.address.country, identity.vatNumber), identity.vatNumber).toBe(true);
    expect(isValidPostalCode(identity.address.country, identity.address.postalCode)).toBe(true);
  });
  it("normalises separators and case", () => expect(normaliseTaxId(" be 0123.456-749/ ")).toBe("BE0123456749"));
});
