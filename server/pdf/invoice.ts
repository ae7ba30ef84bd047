/**
 * The invoice PDF (A4, pdf-lib standard Helvetica like ./attestation.ts; text is real text so tests read it back
 * with ./pdf-text.ts). Seller and buyer identity, lines, VAT line, totals, number and date, and each country's
 * legal mentions (ADR 0030/0031).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { formatMoney } from "#core/domain/money.ts";
import { formatRate, type VatCountry } from "#core/domain/vat.ts";
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
  lines: { name: string; detail: string | null; priceCents: number; discountCents: number; netCents: number }[];
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

export const INVOICE_TEXTS = {
  fr: {
    title: "Facture",
    number: "Facture n°",
    date: "Date",
    seller: "Vendeur",
    buyer: "Client",
    item: "Désignation",
    price: "Prix HT",
    discount: "Remise",
    net: "Montant HT",
    subtotal: "Total HT avant remise",
    discountTotal: "Remise",
    total: "Total HT",
    vat: "TVA",
    totalWithVat: "Total TTC",
    paid: "Facture acquittée le {date}",
    method: { card: "carte bancaire", check: "chèque", free: "commande gratuite" } as Record<string, string>,
  },
  es: {
    title: "Factura",
    number: "Factura n.º",
    date: "Fecha",
    seller: "Vendedor",
    buyer: "Cliente",
    item: "Concepto",
    price: "Precio sin IVA",
    discount: "Descuento",
    net: "Base imponible",
    subtotal: "Total sin IVA antes del descuento",
    discountTotal: "Descuento",
    total: "Base imponible total",
    vat: "IVA",
    totalWithVat: "Total con IVA",
    paid: "Factura pagada el {date}",
    method: { card: "tarjeta bancaria", check: "cheque", free: "pedido gratuito" } as Record<string, string>,
  },
} as const;

/**
 * A credit note's title, number label and the sentence naming the invoice it reverses, in each country's term:
 * "avoir" (France), "note de crédit" (Belgium), "factura rectificativa" (Spain, with its legal reason).
 */
export const CREDIT_NOTE_TEXTS: Record<VatCountry | "esAbroad", { title: string; number: string; reverses: string }> = {
  FR: { title: "Avoir", number: "Avoir n°", reverses: "Avoir annulant en totalité la facture n° {number} du {date}." },
  BE: { title: "Note de crédit", number: "Note de crédit n°", reverses: "Note de crédit annulant en totalité la facture n° {number} du {date}." },
  ES: {
    title: "Factura rectificativa",
    number: "Factura rectificativa n.º",
    reverses: "Rectifica en su totalidad la factura n.º {number} de fecha {date} (anulación de la operación, art. 15 del Real Decreto 1619/2012).",
  },
  /** In Spanish for a Spanish-speaking buyer of a French or Belgian seller (no Spanish law to quote). */
  esAbroad: { title: "Factura rectificativa", number: "Factura rectificativa n.º", reverses: "Anula en su totalidad la factura n.º {number} de fecha {date}." },
};

/** Each country's mentions printed under the totals (besides the VAT exemption, when there is one). */
export const LEGAL_MENTIONS: Record<VatCountry, string[]> = {
  FR: [
    "Pas d'escompte pour paiement anticipé.",
    "En cas de retard de paiement : pénalités au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce).",
  ],
  BE: [
    "Tout retard de paiement entraîne de plein droit des intérêts de retard au taux de la loi du 2 août 2002 concernant la lutte contre le retard de paiement dans les transactions commerciales.",
  ],
  ES: ["Factura emitida conforme al Real Decreto 1619/2012, por el que se aprueba el Reglamento de facturación."],
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

export async function buildInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const credit = input.creditNote ? CREDIT_NOTE_TEXTS[input.lang === "es" && input.country !== "ES" ? "esAbroad" : input.country] : null;
  const t = credit ? { ...INVOICE_TEXTS[input.lang], title: credit.title, number: credit.number } : INVOICE_TEXTS[input.lang];
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title} ${input.number}`);
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

  text(t.title, MARGIN, { size: 22, font: bold });
  text(`${t.number} ${input.number}`, WIDTH - MARGIN, { size: 11, font: bold, right: true });
  y -= 16;
  text(`${t.date} : ${formatDate(input.issuedAt, input.locale)}`, WIDTH - MARGIN, { right: true });
  y -= 30;
  if (credit && input.creditNote) {
    paragraph(credit.reverses.replace("{number}", input.creditNote.invoiceNumber).replace("{date}", formatDate(input.creditNote.invoiceIssuedAt, input.locale)), { font: bold });
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
  const afterSeller = column(t.seller, input.seller, MARGIN);
  const afterBuyer = column(t.buyer, input.buyer, WIDTH / 2 + 10);
  y = Math.min(afterSeller, afterBuyer) - 20;

  // Lines
  const cols = { item: MARGIN, price: 360, discount: 440, net: WIDTH - MARGIN };
  text(t.item, cols.item, { font: bold, size: 9 });
  text(t.price, cols.price, { font: bold, size: 9, right: true });
  text(t.discount, cols.discount, { font: bold, size: 9, right: true });
  text(t.net, cols.net, { font: bold, size: 9, right: true });
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
    if (line.detail) {
      text(line.detail, cols.item, { size: 8, color: GREY });
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
    total(t.subtotal, money(input.subtotalCents));
    total(`${t.discountTotal}${input.discountCode ? ` (${input.discountCode})` : ""}`, minus(input.discountCents));
  }
  total(t.total, money(input.totalCents));
  total(`${t.vat} ${formatRate(input.vatRateBasisPoints)}`, money(input.vatCents));
  total(t.totalWithVat, money(input.totalWithVatCents), true);
  y -= 10;

  if (input.paidAt) {
    const method = input.paymentMethod ? ` (${t.method[input.paymentMethod] ?? input.paymentMethod})` : "";
    paragraph(`${t.paid.replace("{date}", formatDate(input.paidAt, input.locale))}${method}`, { font: bold });
    y -= 4;
  }
  if (input.vatExemptionMention) paragraph(input.vatExemptionMention, { size: 9 });
  for (const mention of LEGAL_MENTIONS[input.country]) paragraph(mention, { size: 8, color: GREY });
  for (const mention of input.seller.legal) paragraph(mention, { size: 8, color: GREY });

  return doc.save({ useObjectStreams: false });
}
