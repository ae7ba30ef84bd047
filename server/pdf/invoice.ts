/**
 * The invoice PDF (A4, pdf-lib standard Helvetica like ./attestation.ts; text is real text so tests read it back
 * with ./pdf-text.ts). Seller and buyer identity, lines, VAT line, totals, number and date, and each country's
 * legal mentions (ADR 0030/0031). The texts are in locales/<locale>/pdf.json under `invoice` (ADR 0102), in the
 * invoice's language: the payment terms and the regulation quoted are the seller's country's.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { TFunction } from "i18next";
import type { OrderLineSession } from "#core/contract/shop.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import { formatRate, type VatCountry } from "#core/domain/vat.ts";
import { fixedT } from "../i18n/i18n.ts";
import { encodable as encodableText, wrap } from "./layout.ts";

export type InvoiceParty = { name: string; lines: string[] };

export type InvoicePdfInput = {
  country: VatCountry;
  lang: "fr" | "es";
  /** Money and date formats. */
  locale: string;
  number: string;
  issuedAt: Date;
  /**
   * Set for a credit note (ADR 0094): the invoice it reverses in full. The title and number say "credit note" in
   * the seller's country's term, every amount is printed negative, and the reversed invoice is named.
   */
  creditNote?: { invoiceNumber: string; invoiceIssuedAt: Date } | null;
  paidAt: Date | null;
  paymentMethod: string | null;
  seller: InvoiceParty & { legal: string[] };
  buyer: InvoiceParty;
  /**
   * `functionName`: the learner's function chosen in the cart ("pharmacist"...), printed translated; `session` and
   * `funding`: the session (day and place) and the funding chosen in the cart (issue 30 item 8).
   */
  lines: {
    name: string;
    functionName: string | null;
    session: OrderLineSession | null;
    funding: string | null;
    detail: string | null;
    priceCents: number;
    discountCents: number;
    netCents: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  totalCents: number;
  vatCents: number;
  totalWithVatCents: number;
  vatRateBasisPoints: number;
  vatExemptionMention: string | null;
  currency: string;
};

const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.4, 0.4, 0.45);
const MARGIN = 50;
const WIDTH = 595.28;
const HEIGHT = 841.89;

/** Prices are formatted with (narrow) no-break spaces, which the standard fonts write as plain spaces. */
function encodable(font: PDFFont, text: string): string {
  return encodableText(font, text.replace(/[\u202f\u00a0]/g, " "));
}

function formatDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" }).format(date);
}

/** A text of the invoice's language that a country may not have (no payment terms in Spain...): "" when absent. */
const optional = (t: TFunction, key: string) => t(key, { defaultValue: "" });

/** What a line prints under its name, one row each: the learner's function (translated), the session, the funding, or the line's own detail. */
function lineDetails(t: TFunction, line: InvoicePdfInput["lines"][number], locale: string): string[] {
  const rows: string[] = [];
  if (line.functionName) rows.push(t("invoice.function", { function: t(`invoice.functions.${line.functionName}`, { defaultValue: line.functionName }) }));
  if (line.session) {
    const place = line.session.virtualClass ? t("invoice.virtualClass") : (line.session.city ?? line.session.groupName);
    rows.push(t("invoice.session", { session: `${formatCalendarDay(line.session.startDate, locale, "long")}, ${place}` }));
  }
  if (line.funding) rows.push(t("invoice.funding", { funding: line.funding }));
  if (line.detail) rows.push(line.detail);
  return rows;
}

export async function buildInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const t = fixedT(input.lang === "es" ? "es-ES" : input.country === "BE" ? "fr-BE" : "fr-FR", "pdf");
  const credit = input.creditNote ? `invoice.creditNote.${input.country}` : null;
  const title = t(credit ? `${credit}.title` : "invoice.title");

  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${input.number}`);
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  // A credit note gives back every amount of its invoice: printed negative (a zero stays 0).
  const money = (cents: number) => formatMoney(credit && cents !== 0 ? -cents : cents, input.currency, input.locale);
  const minus = (cents: number) => (credit ? money(-cents) : `-${money(cents)}`);

  const ensure = (needed: number) => {
    if (y - needed < MARGIN) {
      page = doc.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
    }
  };
  const text = (value: string, x: number, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = encodable(font, value);
    const at = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font, color: options.color ?? INK });
  };
  const paragraph = (value: string, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; width?: number; x?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const line of wrap(font, encodable(font, value), size, options.width ?? WIDTH - 2 * MARGIN)) {
      ensure(size + 4);
      text(line, options.x ?? MARGIN, { ...options, font, size });
      y -= size + 4;
    }
  };

  text(title, MARGIN, { size: 22, font: bold });
  text(`${t(credit ? `${credit}.number` : "invoice.number")} ${input.number}`, WIDTH - MARGIN, { size: 11, font: bold, right: true });
  y -= 16;
  text(t("invoice.dateLine", { date: formatDate(input.issuedAt, input.locale) }), WIDTH - MARGIN, { right: true });
  y -= 30;
  if (credit && input.creditNote) {
    paragraph(t(`${credit}.reverses`, { number: input.creditNote.invoiceNumber, date: formatDate(input.creditNote.invoiceIssuedAt, input.locale) }), {
      font: bold,
    });
    y -= 10;
  }

  const top = y;
  const column = (label: string, party: InvoiceParty, x: number) => {
    y = top;
    text(label, x, { font: bold, size: 9, color: GREY });
    y -= 14;
    text(party.name, x, { font: bold, size: 11 });
    y -= 14;
    for (const line of party.lines) {
      for (const part of wrap(regular, encodable(regular, line), 9, 230)) {
        text(part, x, { size: 9 });
        y -= 12;
      }
    }
    return y;
  };
  const afterSeller = column(t("invoice.seller"), input.seller, MARGIN);
  const afterBuyer = column(t("invoice.buyer"), input.buyer, WIDTH / 2 + 10);
  y = Math.min(afterSeller, afterBuyer) - 20;

  // Lines
  const cols = { item: MARGIN, price: 360, discount: 440, net: WIDTH - MARGIN };
  text(t("invoice.item"), cols.item, { font: bold, size: 9 });
  text(t("invoice.price"), cols.price, { font: bold, size: 9, right: true });
  text(t("invoice.discount"), cols.discount, { font: bold, size: 9, right: true });
  text(t("invoice.net"), cols.net, { font: bold, size: 9, right: true });
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.5, color: GREY });
  y -= 14;
  for (const line of input.lines) {
    const nameLines = wrap(regular, encodable(regular, line.name), 10, 250);
    ensure(14 * nameLines.length + 14);
    text(nameLines[0] ?? "", cols.item);
    text(money(line.priceCents), cols.price, { right: true });
    text(line.discountCents > 0 ? minus(line.discountCents) : "", cols.discount, { right: true });
    text(money(line.netCents), cols.net, { right: true });
    y -= 13;
    for (const more of nameLines.slice(1)) {
      text(more, cols.item);
      y -= 13;
    }
    for (const detail of lineDetails(t, line, input.locale)) {
      ensure(12);
      text(detail, cols.item, { size: 8, color: GREY });
      y -= 12;
    }
    y -= 3;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: WIDTH - MARGIN, y: y + 6 }, thickness: 0.5, color: GREY });
  y -= 10;

  // Totals
  const total = (label: string, value: string, strong = false) => {
    ensure(16);
    text(label, 420, { right: true, font: strong ? bold : regular });
    text(value, WIDTH - MARGIN, { right: true, font: strong ? bold : regular });
    y -= 15;
  };
  if (input.discountCents > 0) {
    total(t("invoice.subtotal"), money(input.subtotalCents));
    total(`${t("invoice.discountTotal")}${input.discountCode ? ` (${input.discountCode})` : ""}`, minus(input.discountCents));
  }
  total(t("invoice.total"), money(input.totalCents));
  total(`${t("invoice.vat")} ${formatRate(input.vatRateBasisPoints)}`, money(input.vatCents));
  total(t("invoice.totalWithVat"), money(input.totalWithVatCents), true);
  y -= 10;

  if (input.paidAt) {
    const method = input.paymentMethod ? ` (${t(`invoice.method.${input.paymentMethod}`, { defaultValue: input.paymentMethod })})` : "";
    paragraph(`${t("invoice.paid", { date: formatDate(input.paidAt, input.locale) })}${method}`, { font: bold });
    y -= 4;
  }
  if (input.vatExemptionMention) paragraph(input.vatExemptionMention, { size: 9 });
  // Payment terms (escompte, late-payment penalties) belong to an invoice to be paid, never to a credit note.
  const mentions = [credit ? "" : optional(t, `invoice.paymentTerms.${input.country}`), optional(t, `invoice.regulation.${input.country}`)];
  for (const mention of [...mentions, ...input.seller.legal]) if (mention) paragraph(mention, { size: 8, color: GREY });

  return doc.save({ useObjectStreams: false });
}
