import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { fixedT } from "../i18n/i18n.ts";
import { encodable, wrap } from "./layout.ts";

/**
 * The attestation PDF (A4), drawn with pdf-lib's standard Helvetica: its WinAnsi encoding covers French and
 * Spanish (é, ñ, ç...); any other character is replaced by "?" rather than failing. The QR code is drawn as
 * vector squares from the qrcode matrix (no image decoding). Text is real text (Tj operators), so the PDF is
 * searchable and tests read it back with ./pdf-text.ts. The texts are in locales/<locale>/pdf.json (server/i18n).
 */
export type PdfLang = "fr" | "es";
export type AttestationPdfInput = {
  lang: PdfLang;
  kind: "training" | "dpc";
  code: string;
  verificationUrl: string;
  facts: Record<string, string | number | null>;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.12, 0.16, 0.23);
const MUTED = rgb(0.39, 0.45, 0.55);

/** 'yyyy-mm-dd' -> 'dd/mm/yyyy' (both languages print dates this way). */
function printDate(value: string | number | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value ?? ""));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : String(value ?? "");
}

/** French typography puts a space before the colon. */
const colon = (lang: PdfLang) => (lang === "fr" ? " :" : ":");

/** A score as each language writes it (85,5 in both). */
function printNumber(value: string | number | null | undefined, lang: PdfLang): string {
  return new Intl.NumberFormat(lang === "es" ? "es-ES" : "fr-FR", { maximumFractionDigits: 1 }).format(Number(value));
}

/** A signed gain: +50, -12,5. */
function printGain(value: string | number | null | undefined, lang: PdfLang): string {
  const gain = Number(value);
  return `${gain > 0 ? "+" : ""}${printNumber(gain, lang)}`;
}

export async function buildAttestationPdf(input: AttestationPdfInput): Promise<Uint8Array> {
  const t = fixedT(input.lang === "es" ? "es-ES" : "fr-FR", "pdf");
  /** A label of a list (professions, types), or the raw value when the list has no label for it. */
  const label = (list: "professions" | "types", value: string | number | null | undefined) =>
    t(`${list}.${String(value)}`, { defaultValue: String(value ?? "") });
  const f = input.facts;
  const doc = await PDFDocument.create();
  const title = t(`title.${input.kind}`);
  doc.setTitle(`${title} ${input.code}`);
  doc.setSubject(`${f.learnerFirstName ?? ""} ${f.learnerLastName ?? ""} - ${f.trainingName ?? ""}`);
  doc.setProducer(String(f.organisationName ?? ""));
  doc.setCreator(String(f.organisationName ?? ""));
  doc.setLanguage(input.lang === "es" ? "es-ES" : "fr-FR");
  const page = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;

  const write = (text: string, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    for (const line of wrap(font, encodable(font, text), size, width)) {
      y -= size * 1.35;
      page.drawText(line, { x: MARGIN, y, size, font, color: options.color ?? INK });
    }
    y -= options.gap ?? 0;
  };
  const row = (label: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === "") return;
    const size = 11;
    const labelText = encodable(bold, `${label}${colon(input.lang)}`);
    const labelWidth = bold.widthOfTextAtSize(labelText, size) + 6;
    const lines = wrap(regular, encodable(regular, String(value)), size, width - labelWidth);
    y -= size * 1.45;
    page.drawText(labelText, { x: MARGIN, y, size, font: bold, color: INK });
    lines.forEach((line, index) => {
      if (index > 0) y -= size * 1.35;
      page.drawText(line, { x: MARGIN + labelWidth, y, size, font: regular, color: INK });
    });
  };

  write(String(f.organisationName ?? ""), { font: bold, size: 12, color: MUTED, gap: 18 });
  write(title, { font: bold, size: 22, gap: 6 });
  // What it attests (ADR 0107): a pass of the graded quizzes, or the programme followed. Older attestations have no such fact.
  if (f.attests === "achievement" || f.attests === "participation") write(t(`attests.${f.attests}`), { font: bold, size: 14, gap: 4 });
  y -= 8;
  write(t("intro"), { gap: 10 });
  row(t("learner"), `${f.learnerFirstName ?? ""} ${f.learnerLastName ?? ""}`.trim());
  row(t("profession"), label("professions", f.profession));
  row(t("professionalNumber"), f.professionalNumber);
  y -= 8;
  row(t("training"), f.trainingName);
  row(t("type"), label("types", f.trainingType));
  row(t("duration"), f.duration);
  row(t("period"), t("dates", { start: printDate(f.startDate), end: printDate(f.endDate) }));
  if (f.attests === "achievement" && f.finalScore !== null && f.finalScore !== undefined && f.passScore !== null && f.passScore !== undefined) {
    row(t("result"), t("resultValue", { score: printNumber(f.finalScore, input.lang), pass: printNumber(f.passScore, input.lang) }));
  }
  if (f.attests === "participation" && f.knowledgeGain !== null && f.knowledgeGain !== undefined) {
    row(
      t("knowledgeGain"),
      t("knowledgeGainValue", {
        pre: printNumber(f.knowledgePre, input.lang),
        post: printNumber(f.knowledgePost, input.lang),
        gain: printGain(f.knowledgeGain, input.lang),
      }),
    );
  }
  if (input.kind === "dpc") {
    y -= 8;
    row(t("programme"), f.programmeName);
    row(t("actionNumber"), f.actionNumber);
    row(t("dpcOrganisationNumber"), f.dpcOrganisationNumber);
    row(t("sessionDates"), f.sessionDates ? String(f.sessionDates).split(", ").map(printDate).join(", ") : null);
  }
  y -= 8;
  row(t("organisation"), f.organisationName);
  // Facts issued before ADR 0102 have no kind: they keep the language's former label.
  row(f.organisationNumberKind ? t(`organisationNumberOf.${String(f.organisationNumberKind)}`) : t("organisationNumber"), f.organisationNumber);
  row(t("issuedOn"), printDate(f.issuedOn));
  row(t("signatory"), [f.signatoryName, f.signatoryTitle].filter(Boolean).join(", "));

  await drawVerificationBlock(page, regular, bold, input, t("verification"), t("verifyAt"));
  return doc.save({ useObjectStreams: false });
}

/** Bottom block: the code, the URL and the QR code of the URL. */
async function drawVerificationBlock(page: PDFPage, regular: PDFFont, bold: PDFFont, input: AttestationPdfInput, label: string, hint: string) {
  const qrSize = 110;
  const bottom = MARGIN;
  const qr = QRCode.create(input.verificationUrl, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const cell = qrSize / (count + 8); // 4 modules of quiet zone on each side
  const x0 = A4[0] - MARGIN - qrSize;
  page.drawRectangle({ x: x0, y: bottom, width: qrSize, height: qrSize, color: rgb(1, 1, 1) });
  for (let r = 0; r < count; r++) {
    for (let c = 0; c < count; c++) {
      if (!qr.modules.get(r, c)) continue;
      page.drawRectangle({ x: x0 + (c + 4) * cell, y: bottom + qrSize - (r + 5) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
  const textWidth = A4[0] - 2 * MARGIN - qrSize - 16;
  let y = bottom + qrSize - 12;
  page.drawText(encodable(bold, `${label}${colon(input.lang)} ${input.code}`), {
    x: MARGIN,
    y,
    size: 13,
    font: bold,
    color: INK,
  });
  for (const line of wrap(regular, encodable(regular, hint), 9, textWidth)) {
    y -= 14;
    page.drawText(line, { x: MARGIN, y, size: 9, font: regular, color: MUTED });
  }
  y -= 14;
  page.drawText(encodable(regular, input.verificationUrl), { x: MARGIN, y, size: 9, font: regular, color: INK });
}
