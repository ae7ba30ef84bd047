import { describe, expect, test } from "vitest";
import { buildAttestationPdf } from "./attestation.ts";
import { extractPdfText } from "./pdf-text.ts";

const FACTS = {
  learnerFirstName: "François",
  learnerLastName: "Muñoz",
  profession: "preparer",
  professionalNumber: "10101234567",
  trainingName: "Préparations magistrales : façonnage et contrôle",
  trainingType: "dpc",
  duration: "7H30",
  startDate: "2026-01-05",
  endDate: "2026-02-10",
  organisationName: "Formapharm Formation",
  organisationNumber: "84 69 18273 69",
  signatoryName: "Claire Vasseur",
  signatoryTitle: "Directrice pédagogique",
  issuedOn: "2026-02-10",
  programmeName: "Programme ☃ intégré",
  actionNumber: "96822500101",
  dpcOrganisationNumber: "9682",
  sessionDates: "2026-01-05, 2026-01-12",
};

describe("attestation PDF", () => {
  test.each([
    ["fr", "Attestation de participation DPC", "Période", "Du 05/01/2026 au 10/02/2026", "Préparateur"],
    ["es", "Certificado de participación DPC", "Periodo", "Del 05/01/2026 al 10/02/2026", "Técnico"],
  ] as const)("%s: a real PDF whose text holds the facts, accents included", async (lang, title, label, period, profession) => {
    const url = `http://localhost/verification/7KQM-X2PD-9HTC`;
    const bytes = await buildAttestationPdf({ lang, kind: "dpc", code: "7KQM-X2PD-9HTC", verificationUrl: url, facts: FACTS });
    expect(Buffer.from(bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = extractPdfText(bytes);
    for (const expected of [
      title,
      label,
      period,
      profession,
      "François Muñoz",
      FACTS.trainingName,
      "7H30",
      "96822500101",
      "9682",
      "05/01/2026, 12/01/2026",
      "7KQM-X2PD-9HTC",
      url,
    ]) {
      expect(text).toContain(expected);
    }
    // Outside WinAnsi: replaced, never a crash.
    expect(text).toContain("Programme ? intégré");
  });

  test("a training attestation leaves the DPC lines out", async () => {
    const bytes = await buildAttestationPdf({
      lang: "fr",
      kind: "training",
      code: "7KQM-X2PD-9HTC",
      verificationUrl: "http://x/y",
      facts: { ...FACTS, trainingType: "formation" },
    });
    const text = extractPdfText(bytes);
    expect(text).toContain("Attestation de formation");
    expect(text).toContain("E-learning");
    expect(text).not.toContain("96822500101");
  });

  test("the organisation's number carries the label of its kind; facts issued before the kind keep the former label", async () => {
    const read = async (lang: "fr" | "es", facts: Record<string, string | number | null>) =>
      extractPdfText(await buildAttestationPdf({ lang, kind: "training", code: "7KQM-X2PD-9HTC", verificationUrl: "http://x/y", facts })).replace(/\n/g, " ");
    expect(await read("fr", { ...FACTS, organisationNumber: "BE 0123.456.749", organisationNumberKind: "vatNumber" })).toContain("N° TVA : BE 0123.456.749");
    expect(await read("es", { ...FACTS, organisationNumber: "B12345674", organisationNumberKind: "vatNumber" })).toContain("NIF: B12345674");
    expect(await read("fr", { ...FACTS, organisationNumberKind: "trainingDeclaration" })).toContain("N° de déclaration d'activité : 84 69 18273 69");
    expect(await read("es", FACTS)).toContain("CIF: 84 69 18273 69");
  });
});
