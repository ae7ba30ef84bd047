/**
 * Credit notes (ADR 0094): an administrator reverses a paid shop invoice in full. One transaction locks the invoice
 * (two requests queue on it, the second finds the credit note and changes nothing), numbers the credit note in the
 * brand's own credit-note series, cancels the enrolments the payment made that are not finished (their seats go to
 * the waiting list, ADR 0085) and writes the audit row. The learners and the buyer are told after the commit.
 */
import type { AdminInvoice, AdminInvoicesQuery } from "#core/contract/accounting.ts";
import { ADMIN_PAGE_SIZE, paging, type Paging } from "#core/contract/admin-list.ts";
import type { BrandKey } from "#core/branding/brands.ts";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { creditNoteNumber } from "#core/domain/invoice-number.ts";
import type { VatCountry } from "#core/domain/vat.ts";
import type { Tx } from "../../../db/client.ts";
import { serverLocale } from "../../../i18n/i18n.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import { translator } from "../../i18n/messages.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import { cancelEnrolment, lockSession, shiftWaitingList } from "../enrolment/enrolment.repository.ts";
import { publishPlanUpdate, releaseSeat, tellSeatChanges, type SeatChange } from "../enrolment/seats.service.ts";
import * as invoiceStore from "../invoices/invoices.repository.ts";
import { invoicePdf } from "../invoices/invoices.service.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import { findBuyerLocale, listAdminInvoices, lockEnrolmentsOfPayment, lockOrderForCredit } from "./accounting.repository.ts";

const pdfPath = (invoiceId: number) => `/back/api/admin/invoices/${invoiceId}/pdf`;

/** The invoice store in the back office: each document with its credit note or the invoice it reverses. */
export async function listInvoices(ctx: ServiceContext, query: AdminInvoicesQuery): Promise<{ items: AdminInvoice[]; paging: Paging }> {
  const { rows, total } = await listAdminInvoices(ctx.db, query, { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE });
  const items = rows.map(({ invoice, orderStatus, creditNoteId, creditNoteNumber: noteNumber, creditedId, creditedNumber }) => ({
    id: invoice.id,
    kind: invoice.kind as AdminInvoice["kind"],
    number: invoice.number,
    brand: invoice.brand as BrandKey,
    issuedAt: invoice.issuedAt.toISOString(),
    buyerName: (invoice.buyer as { name?: string } | null)?.name ?? "",
    totalWithVat: invoice.totalWithVatCents,
    currency: invoice.currency,
    orderId: invoice.orderId,
    creditNote: creditNoteId !== null && noteNumber !== null ? { id: creditNoteId, number: noteNumber } : null,
    creditedInvoice: creditedId !== null && creditedNumber !== null ? { id: creditedId, number: creditedNumber } : null,
    creditable: invoice.kind === "order" && orderStatus === "paid" && creditNoteId === null,
    downloadPath: pdfPath(invoice.id),
  }));
  return { items, paging: paging(total, query.page) };
}

/** Any document of the store as a PDF, for the back office. */
export async function adminInvoicePdf(ctx: ServiceContext, invoiceId: number) {
  const invoice = await invoiceStore.findInvoice(ctx.db, invoiceId);
  if (!invoice) throw new AppError("NOT_FOUND", "invoiceNotFound");
  return invoicePdf(ctx, invoice);
}

type CancelledEnrolment = { id: number; userId: number; accountId: number | null; trainingId: number; sessionId: number | null; status: string };

export type IssuedCreditNote = {
  created: boolean;
  invoiceId: number;
  creditNote: { id: number; number: string; issuedAt: string; totalWithVat: number; currency: string };
  cancelledEnrolments: number;
};

/** The enrolments of the payment that are not finished are cancelled; a booked seat is freed for the waiting list. */
async function cancelPaymentEnrolments(
  ctx: ServiceContext & { db: Tx },
  orderId: number,
  userId: number,
  paidAt: Date,
): Promise<{ cancelled: CancelledEnrolment[]; seatChanges: SeatChange[] }> {
  const tx = ctx.db;
  const rows = await lockEnrolmentsOfPayment(tx, orderId, userId, paidAt);
  const cancelled: CancelledEnrolment[] = [];
  const seatChanges: SeatChange[] = [];
  // Sessions in id order, as every other seat change locks them (no deadlock between two of them).
  for (const row of [...rows].sort((a, b) => (a.sessionId ?? 0) - (b.sessionId ?? 0) || a.id - b.id)) {
    if (row.status === "finished") continue;
    await cancelEnrolment(tx, row.id);
    if (row.sessionId !== null && row.status === "waiting_list") {
      await lockSession(tx, row.sessionId);
      await shiftWaitingList(tx, row.sessionId, row.waitingListPosition ?? 0);
    } else if (row.sessionId !== null) {
      seatChanges.push(...(await releaseSeat(ctx, row.sessionId)));
    }
    cancelled.push({ id: row.id, userId: row.userId, accountId: row.accountId, trainingId: row.trainingId, sessionId: row.sessionId, status: row.status });
  }
  return { cancelled, seatChanges };
}

/**
 * Issues the credit note of a paid shop invoice, for its full amount. Idempotent: when the invoice already has its
 * credit note, nothing changes and that one is answered (`created: false`). A funding payer's invoice, a credit note
 * or an invoice whose order is not paid cannot be credited here (409).
 */
export async function issueCreditNote(ctx: ServiceContext, actorId: number, invoiceId: number): Promise<IssuedCreditNote> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const invoice = await invoiceStore.lockInvoice(tx, invoiceId);
    if (!invoice) throw new AppError("NOT_FOUND", "invoiceNotFound");
    const existing = await invoiceStore.findCreditNoteOf(tx, invoice.id);
    if (existing)
      return { created: false as const, creditNote: existing, cancelled: [] as CancelledEnrolment[], seatChanges: [] as SeatChange[], buyerId: null };
    if (invoice.kind !== "order" || invoice.orderId === null) throw new AppError("CONFLICT", "creditNoteNotShopInvoice");
    const order = await lockOrderForCredit(tx, invoice.orderId);
    if (!order || order.status !== "paid" || order.paidAt === null) throw new AppError("CONFLICT", "creditNoteOrderNotPaid");

    const now = ctx.now();
    const year = Number(toParisDate(now).slice(0, 4));
    const sequence = await invoiceStore.takeInvoiceSequence(tx, invoice.brand, year, "creditNote");
    const identity = legalIdentityOf(invoice.brand);
    const country = (invoice.seller as { country?: VatCountry }).country ?? identity.address.country;
    const creditNote = await invoiceStore.insertInvoice(tx, {
      kind: "creditNote",
      creditedInvoiceId: invoice.id,
      brand: invoice.brand,
      year,
      sequence,
      number: creditNoteNumber(identity.invoicePrefix, country, year, sequence),
      issuedAt: now,
      seller: invoice.seller,
      buyer: invoice.buyer,
      totalCents: invoice.totalCents,
      vatCents: invoice.vatCents,
      totalWithVatCents: invoice.totalWithVatCents,
      vatRateBasisPoints: invoice.vatRateBasisPoints,
      vatExemptionMention: invoice.vatExemptionMention,
      currency: invoice.currency,
    });
    const { cancelled, seatChanges } = await cancelPaymentEnrolments({ ...ctx, db: tx }, order.id, order.userId, order.paidAt);
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "invoice.creditNoteIssued",
        entityType: "invoice",
        entityId: invoice.id,
        before: {
          number: invoice.number,
          orderId: order.id,
          creditNote: null,
          enrolments: cancelled.map((e) => ({ id: e.id, trainingId: e.trainingId, sessionId: e.sessionId, status: e.status })),
        },
        after: {
          number: invoice.number,
          orderId: order.id,
          creditNote: { id: creditNote.id, number: creditNote.number, totalWithVatCents: creditNote.totalWithVatCents, currency: creditNote.currency },
          enrolments: cancelled.map((e) => ({ id: e.id, trainingId: e.trainingId, sessionId: e.sessionId, status: "cancelled" })),
          promotedEnrolments: seatChanges.map((c) => c.enrolmentId),
        },
      },
      now,
    );
    return { created: true as const, creditNote, cancelled, seatChanges, buyerId: order.userId };
  });

  if (outcome.created) {
    // After the commit: the learners who got a freed seat, the training plans, and the buyer (in their language).
    await tellSeatChanges(ctx, outcome.seatChanges);
    for (const enrolment of outcome.cancelled)
      await publishPlanUpdate(ctx, enrolment.accountId, { userId: enrolment.userId, trainingId: enrolment.trainingId });
    if (outcome.buyerId !== null) {
      try {
        const t = translator(serverLocale(await findBuyerLocale(ctx.db, outcome.buyerId)));
        await notifyUser(ctx, {
          userId: outcome.buyerId,
          title: t("creditNoteIssuedTitle"),
          body: t("creditNoteIssuedBody", { number: outcome.creditNote.number }),
        });
      } catch (error) {
        ctx.logger.error({ err: error, invoiceId }, "credit note notice failed");
      }
    }
  }
  const note = outcome.creditNote;
  return {
    created: outcome.created,
    invoiceId,
    creditNote: { id: note.id, number: note.number, issuedAt: note.issuedAt.toISOString(), totalWithVat: note.totalWithVatCents, currency: note.currency },
    cancelledEnrolments: outcome.cancelled.length,
  };
}
