/**
 * The traceability document of a professional's record (issue 33, ADR 0126), after the ANDPC's "document de
 * traçabilité": identity, the current DPC period (or the current period of the obligation that applies), each action
 * of the period with its type(s), orientation, dates, hours, organisation and verifiable attestation code (declared
 * actions marked confirmed or declared), then where the professional stands. A4 pages drawn like the attestation
 * (server/pdf/attestation.ts: standard Helvetica, real text that tests read back with server/pdf/pdf-text.ts).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { Locale } from "#core/branding/brands.ts";
import { gapsWords, numericDay } from "#core/domain/compliance-words.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { encodable, wrap } from "../../../pdf/layout.ts";
import type { ProfessionalCompliance, TrackedAction } from "./compliance.service.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.12, 0.16, 0.23);
const MUTED = rgb(0.39, 0.45, 0.55);

export type TraceabilityInput = {
  locale: Locale;
  professional: ProfessionalCompliance;
  today: string;
  /** Who issues the document (the brand's name) and where a code is checked (the verification page, without the code). */
  issuer: string;
  verifyUrl: string;
};

/** The period the document covers: the current DPC period in France, else the current period of the first obligation. */
export function documentPeriod(professional: ProfessionalCompliance, today: string): { start: string; end: string } | null {
  const current = professional.statuses.filter((s) => s.deadline >= today);
  const chosen = current.find((s) => s.obligation === "dpcTriennial") ?? current[0];
  return chosen ? { start: chosen.periodStart, end: chosen.deadline } : null;
}

export async function buildTraceabilityPdf(input: TraceabilityInput): Promise<Uint8Array> {
  const { locale, professional: p, today } = input;
  const t = fixedT(locale, "compliance-team");
  const words = (key: string, values?: Record<string, string | number>) => t(key, values ?? {});
  const day = (value: string) => numericDay(value, locale);
  const colon = locale.startsWith("fr") ? " :" : ":";
  const doc = await PDFDocument.create();
  doc.setTitle(`${t("pdf.title")} - ${p.firstName} ${p.lastName}`);
  doc.setCreator(input.issuer);
  doc.setProducer(input.issuer);
  doc.setLanguage(locale);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  /** A new page when `height` more points would not fit above the bottom margin. */
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const write = (text: string, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; gap?: number; indent?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    for (const line of wrap(font, encodable(font, text), size, width - indent)) {
      room(size * 1.4);
      y -= size * 1.4;
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: options.color ?? INK });
    }
    y -= options.gap ?? 0;
  };
  const row = (label: string, value: string | null, indent = 0) => {
    if (value === null || value === "") return;
    const size = 10;
    const labelText = encodable(bold, `${label}${colon}`);
    const labelWidth = bold.widthOfTextAtSize(labelText, size) + 5;
    const lines = wrap(regular, encodable(regular, value), size, width - indent - labelWidth);
    room(size * 1.4 * lines.length);
    y -= size * 1.4;
    page.drawText(labelText, { x: MARGIN + indent, y, size, font: bold, color: INK });
    lines.forEach((line, index) => {
      if (index > 0) y -= size * 1.4;
      page.drawText(line, { x: MARGIN + indent + labelWidth, y, size, font: regular, color: INK });
    });
  };
  const heading = (text: string) => {
    y -= 10;
    room(40);
    write(text, { font: bold, size: 13, gap: 2 });
  };

  write(input.issuer, { font: bold, size: 11, color: MUTED, gap: 12 });
  write(t("pdf.title"), { font: bold, size: 20, gap: 2 });
  write(t("pdf.subtitle"), { color: MUTED, gap: 6 });

  heading(t("pdf.identity"));
  row(t("pdf.name"), `${p.firstName} ${p.lastName}`);
  row(t("pdf.profession"), t(`professions.${p.profession}`));
  row(t("pdf.professionalNumber"), p.professionalNumber ?? t("member.noNumber"));

  const period = documentPeriod(p, today);
  const inPeriod = (a: TrackedAction) => !period || (a.endDate >= period.start && a.endDate <= period.end);
  const actions = p.actions.filter(inPeriod).sort((a, b) => (a.endDate < b.endDate ? -1 : a.endDate > b.endDate ? 1 : 0));
  if (period) row(t("pdf.period"), t("pdf.periodValue", { start: day(period.start), end: day(period.end) }));

  heading(t("pdf.actions"));
  if (actions.length === 0) write(t("pdf.noActions"));
  for (const a of actions) {
    y -= 4;
    room(90);
    write(a.title, { font: bold, size: 11 });
    const types = (a.dpcTypes ?? []).map((type) => t(`dpcTypes.${type}`)).join(", ");
    row(t("pdf.types"), types || t("pdf.noType"), 12);
    row(t("pdf.orientation"), a.priorityOrientation ? t("pdf.yes") : t("pdf.no"), 12);
    row(t("pdf.dates"), t("pdf.periodValue", { start: day(a.startDate), end: day(a.endDate) }), 12);
    row(t("pdf.hours"), t("pdf.hoursValue", { hours: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(a.hours) }), 12);
    row(t("pdf.organisation"), a.organisation, 12);
    if (a.origin.kind === "attestation") row(t("pdf.code"), a.origin.code, 12);
    row(t("pdf.source"), t(`member.sources.${a.source}`), 12);
  }

  heading(t("pdf.status", { date: day(today) }));
  if (p.statuses.length === 0) write(t("noObligation"));
  for (const s of p.statuses) {
    y -= 4;
    room(60);
    write(t(`obligations.${s.obligation}`), { font: bold, size: 11 });
    row(t("pdf.state"), t(`states.${s.state}`), 12);
    row(t("pdf.periodOf"), t("pdf.periodValue", { start: day(s.periodStart), end: day(s.deadline) }), 12);
    row(t("pdf.gaps"), s.gaps.length ? gapsWords(s.gaps, words, locale) : t("noGap"), 12);
  }

  y -= 12;
  write(t("pdf.verify", { url: input.verifyUrl }), { color: MUTED, size: 9 });
  write(t("pdf.issuedOn", { date: day(today), brand: input.issuer }), { color: MUTED, size: 9 });
  return doc.save({ useObjectStreams: false });
}
