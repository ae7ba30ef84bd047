/**
 * One way to read and print an invoice of either kind (ADR 0075): its lines (the order's lines, or the funded
 * training of a payer's invoice) and its PDF through the shop's `buildInvoicePdf`. Callers check who may read it.
 */
import { buildInvoicePdf, type InvoicePdfInput } from "../../../pdf/invoice.ts";
import type { ServiceContext } from "../../service-context.ts";
import type { OrderLineSession } from "#core/contract/shop.ts";
import { fundingLabel } from "#core/domain/funding.ts";
import { invoiceLocale } from "./invoice-parties.ts";
import * as repo from "./invoices.repository.ts";

export type { InvoiceRow } from "./invoices.repository.ts";

/**
 * `functionName`: the learner's function chosen in the cart (a key, printed translated); `session` and `funding`: the
 * session and the funding chosen in the cart; `detail`: any other detail.
 */
export type InvoiceLine = InvoicePdfInput["lines"][number] & { trainingType: string };

/** What a buyer chose for an order line, read with it: its session and its funding's label. */
export function lineChoices(row: repo.OrderLineWithChoices): { session: OrderLineSession | null; fundingLabel: string | null } {
  const session =
    row.sessionStartDate !== null && row.sessionGroupName !== null
      ? { startDate: row.sessionStartDate, city: row.sessionCity || null, groupName: row.sessionGroupName, virtualClass: row.sessionVirtualClass ?? false }
      : null;
  return { session, fundingLabel: row.fundingName === null ? null : fundingLabel(row.fundingName) };
}

type Seller = InvoicePdfInput["seller"] & { country: InvoicePdfInput["country"] };

/**
 * The lines an invoice prints: a shop invoice's order lines, a payer's invoice's one funded training; a credit note
 * reverses its whole invoice, so it prints that invoice's lines (ADR 0094; amounts positive, the PDF shows them
 * negative).
 */
export async function invoiceLines(ctx: ServiceContext, invoice: repo.InvoiceRow): Promise<InvoiceLine[]> {
  if (invoice.kind === "creditNote") {
    const credited = invoice.creditedInvoiceId === null ? undefined : await repo.findInvoice(ctx.db, invoice.creditedInvoiceId);
    return credited && credited.kind !== "creditNote" ? invoiceLines(ctx, credited) : [];
  }
  if (invoice.orderId !== null) {
    const lines = await repo.listOrderLinesWithChoices(ctx.db, invoice.orderId);
    if (lines.length === 0) {
      // A contract order has no order lines: its one line is the offer's product (ADR 0071).
      const contract = await repo.findContractLineForInvoice(ctx.db, invoice.orderId);
      return contract ? [{ ...contract, trainingType: "contract", functionName: null, session: null, funding: null, detail: null }] : [];
    }
    return lines.map((l) => {
      const { session, fundingLabel: funding } = lineChoices(l);
      return {
        name: l.name,
        trainingType: l.trainingType,
        functionName: l.functionName,
        session,
        funding,
        detail: null,
        priceCents: l.priceCents,
        discountCents: l.discountCents,
        netCents: l.netCents,
      };
    });
  }
  const request = invoice.fundingRequestId === null ? undefined : await repo.findRequestForInvoice(ctx.db, invoice.fundingRequestId);
  if (!request) return [];
  return [
    {
      name: request.trainingName,
      trainingType: request.trainingType,
      functionName: null,
      session: null,
      funding: null,
      detail: `${request.learnerFirstName} ${request.learnerLastName} · ${request.sessionName} · ${request.agreementName}`,
      priceCents: invoice.totalCents,
      discountCents: 0,
      netCents: invoice.totalCents,
    },
  ];
}

/**
 * The PDF of an invoice or a credit note, in the language of invoiceLocale (Spanish for a Spanish seller or a buyer
 * whose language is Spanish, else French; Belgian formats and terms for the Belgian seller). A shop invoice prints
 * its order's payment and discount; a credit note its invoice's lines and discount, as negative amounts, and the
 * invoice it reverses.
 */
export async function invoicePdf(ctx: ServiceContext, invoice: repo.InvoiceRow): Promise<{ bytes: Uint8Array; filename: string }> {
  const seller = invoice.seller as Seller;
  // A credit note prints the order of the invoice it reverses (its discount), and names that invoice.
  const credited = invoice.kind === "creditNote" && invoice.creditedInvoiceId !== null ? await repo.findInvoice(ctx.db, invoice.creditedInvoiceId) : undefined;
  const orderId = credited ? credited.orderId : invoice.orderId;
  const order = orderId === null ? undefined : await repo.findOrderForInvoice(ctx.db, orderId);
  const lines = await invoiceLines(ctx, invoice);
  const locale = invoiceLocale(seller.country, order?.buyerLocale);
  const bytes = await buildInvoicePdf({
    country: seller.country,
    lang: locale === "es-ES" ? "es" : "fr",
    locale,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    creditNote: credited ? { invoiceNumber: credited.number, invoiceIssuedAt: credited.issuedAt } : null,
    paidAt: credited ? null : (order?.paidAt ?? null),
    paymentMethod: order?.paymentMethod ?? null,
    seller,
    buyer: invoice.buyer as InvoicePdfInput["buyer"],
    lines: lines.map((l) => ({
      name: l.name,
      functionName: l.functionName,
      session: l.session,
      funding: l.funding,
      detail: l.detail,
      priceCents: l.priceCents,
      discountCents: l.discountCents,
      netCents: l.netCents,
    })),
    subtotalCents: order?.subtotalCents ?? invoice.totalCents,
    discountCents: order?.discountCents ?? 0,
    discountCode: order?.discountCode ?? null,
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    totalWithVatCents: invoice.totalWithVatCents,
    vatRateBasisPoints: invoice.vatRateBasisPoints,
    vatExemptionMention: invoice.vatExemptionMention,
    currency: invoice.currency,
  });
  return { bytes, filename: `${invoice.number}.pdf` };
}
