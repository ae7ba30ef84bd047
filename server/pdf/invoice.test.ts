import { describe, expect, it } from "vitest";
import { buildInvoicePdf, type InvoicePdfInput } from "./invoice.ts";
import { extractPdfText } from "./pdf-text.ts";

const base: InvoicePdfInput = {
  country: "ES",
  lang: "es",
  locale: "es-ES",
  number: "ES-2026-000042",
  issuedAt: new Date("2026-03-10T10:00:00Z"),
  paidAt: new Date("2026-03-10T10:00:00Z"),
  paymentMethod: "card",
  seller: { name: "AulaFarma S.L.", lines: ["Calle de la Farmacia 5, 28004 Madrid", "NIF B12345678"], legal: [] },
  buyer: { name: "Lucía Pérez", lines: ["Farmacia Gran Vía", "lucia@demo.test"] },
  lines: [
    {
      name: "Atención farmacéutica al paciente con diabetes",
      functionName: "pharmacist",
      session: { startDate: "2026-04-21", city: "Madrid", groupName: "Grupo Madrid", virtualClass: false },
      funding: "FUNDAE",
      detail: null,
      priceCents: 12000,
      discountCents: 1200,
      netCents: 10800,
    },
    { name: "Vacunación en la farmacia", functionName: null, session: null, funding: null, detail: null, priceCents: 8000, discountCents: 800, netCents: 7200 },
  ],
  subtotalCents: 20000,
  discountCents: 2000,
  discountCode: "BIENVENIDA10",
  totalCents: 18000,
  vatCents: 3780,
  totalWithVatCents: 21780,
  vatRateBasisPoints: 2100,
  vatExemptionMention: null,
  currency: "EUR",
};

describe("invoice PDF", () => {
  it("Spain: lines, 21 % VAT, totals, paid mention and the invoicing regulation", async () => {
    const text = extractPdfText(await buildInvoicePdf(base)).replace(/\n/g, " ");
    for (const expected of [
      "Factura",
      "ES-2026-000042",
      "AulaFarma S.L.",
      "NIF B12345678",
      "Lucía Pérez",
      "Vacunación en la farmacia",
      "IVA 21 %",
      "37,80 €",
      "217,80 €",
      "BIENVENIDA10",
      "Fecha : 10/03/2026",
      "Factura pagada el 10/03/2026 (tarjeta bancaria)",
      "Real Decreto 1619/2012",
      "Función: Farmacéutico",
      "Sesión: 21 de abril de 2026, Madrid",
      "Financiación: FUNDAE",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("pharmacist");
  });

  it("France exempt: the article 261-4-4° mention and the late-payment mentions", async () => {
    const text = extractPdfText(
      await buildInvoicePdf({
        ...base,
        country: "FR",
        lang: "fr",
        locale: "fr-FR",
        vatRateBasisPoints: 0,
        vatCents: 0,
        totalWithVatCents: 18000,
        vatExemptionMention: "TVA non applicable – article 261-4-4°-a du CGI (formation professionnelle continue)",
      }),
    ).replace(/\n/g, " ");
    for (const expected of [
      "Facture",
      "TVA 0 %",
      "Total TTC",
      "TVA non applicable – article 261-4-4°-a du CGI",
      "indemnité forfaitaire pour frais de recouvrement de 40 €",
      "Date : 10/03/2026",
      "Facture acquittée le 10/03/2026 (carte bancaire)",
      "Fonction : Pharmacien",
      "Session : 21 avril 2026, Madrid",
      "Financement : FUNDAE",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("pharmacist");
  });

  it("a virtual-class session prints as such, without a city", async () => {
    const line = { ...base.lines[0], session: { startDate: "2026-05-02", city: null, groupName: "Classe du soir", virtualClass: true } };
    const text = extractPdfText(await buildInvoicePdf({ ...base, country: "FR", lang: "fr", locale: "fr-FR", lines: [line] })).replace(/\n/g, " ");
    expect(text).toContain("Session : 2 mai 2026, classe virtuelle");
    expect(text).not.toContain("Classe du soir");
  });

  it("Belgium: 21 % and the law of 2 August 2002", async () => {
    const text = extractPdfText(await buildInvoicePdf({ ...base, country: "BE", lang: "fr", locale: "fr-BE" })).replace(/\n/g, " ");
    expect(text).toContain("TVA 21 %");
    expect(text).toContain("loi du 2 août 2002");
    expect(text).toContain("Fonction : Pharmacien");
    // Belgian tax words, as the Belgian catalogue says them (issue 30 item 7).
    for (const expected of ["Date : 10/03/2026", "Total HTVA", "Total TVAC", "Prix HTVA"]) expect(text, expected).toContain(expected);
    expect(text).not.toMatch(/\bHT\b|\bTTC\b/);
  });

  it("a credit note: each country's term, the invoice it reverses, every amount negative and no paid mention", async () => {
    const creditNote = { invoiceNumber: "ES-2026-000042", invoiceIssuedAt: new Date("2026-03-10T10:00:00Z") };
    const spain = extractPdfText(
      await buildInvoicePdf({ ...base, number: "ES-R-2026-000001", issuedAt: new Date("2026-04-02T10:00:00Z"), creditNote, paidAt: null }),
    ).replace(/\n/g, " ");
    for (const expected of [
      "Factura rectificativa",
      "ES-R-2026-000001",
      "Rectifica en su totalidad la factura n.º ES-2026-000042 de fecha 10/03/2026",
      "-217,80 €",
      "-37,80 €",
      "-180,00 €",
      "BIENVENIDA10",
    ]) {
      expect(spain, expected).toContain(expected);
    }
    expect(spain).not.toContain("Factura pagada");
    const france = extractPdfText(
      await buildInvoicePdf({
        ...base,
        country: "FR",
        lang: "fr",
        locale: "fr-FR",
        number: "FR-AV-2026-000001",
        creditNote: { ...creditNote, invoiceNumber: "FR-2026-000042" },
        paidAt: null,
      }),
    ).replace(/\n/g, " ");
    for (const expected of ["Avoir n° FR-AV-2026-000001", "Avoir annulant en totalité la facture n° FR-2026-000042 du 10/03/2026", "-217,80 €"])
      expect(france, expected).toContain(expected);
    const belgium = extractPdfText(
      await buildInvoicePdf({
        ...base,
        country: "BE",
        lang: "fr",
        locale: "fr-BE",
        number: "BE-NC-2026-000001",
        creditNote: { ...creditNote, invoiceNumber: "BE-2026-000042" },
        paidAt: null,
      }),
    ).replace(/\n/g, " ");
    expect(belgium).toContain("Note de crédit n° BE-NC-2026-000001");
    expect(belgium).toContain("Note de crédit annulant en totalité la facture n° BE-2026-000042");
    // A credit note is not paid by anyone: no payment terms, no late-payment penalty; the learner's function is translated.
    for (const text of [france, belgium]) {
      for (const absent of ["escompte", "retard de paiement", "pharmacist"]) expect(text, absent).not.toContain(absent);
      expect(text).toContain("Fonction : Pharmacien");
    }
    expect(spain).toContain("Real Decreto 1619/2012, por el que se aprueba el Reglamento de facturación");
    expect(spain).toContain("Función: Farmacéutico");
  });
});
