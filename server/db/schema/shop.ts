import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { accounts, users } from "./accounts.ts";
import { contractOffers } from "./pharmacy.ts";
import { faceToFaceSessions, faceToFaces, fundings, trainings } from "./catalogue.ts";
import { fundingRequests } from "./funding.ts";

/** Shop (issue 14, ADR 0030/0031): money in integer cents with a currency. */
export const ORDER_STATUSES = ["cart", "pending", "paid", "failed", "cancelled"] as const;
export const PAYMENT_METHODS = ["card", "check", "free"] as const;
export const DISCOUNT_KINDS = ["percentage", "fixed"] as const;
/** What an order pays for (ADR 0070): the shop's trainings (its lines), or a pharmacy's contract offer. */
export const ORDER_KINDS = ["shop", "contract"] as const;

const brandCheck = (column: unknown) => sql`${column} in ('fr','be','es','es-campus')`;

/** A discount code of a brand: percentage (basis points) or fixed (cents), on one training or the whole cart. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    /** Upper case, trimmed. */
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    value: integer("value").notNull(),
    trainingId: integer("training_id").references(() => trainings.id, { onDelete: "cascade" }),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discount_codes_brand_code_unique").on(t.brand, t.code),
    check("discount_codes_brand_check", brandCheck(t.brand)),
    check("discount_codes_kind_check", sql`${t.kind} in ('percentage','fixed')`),
    check("discount_codes_value_check", sql`${t.value} > 0 and (${t.kind} <> 'percentage' or ${t.value} <= 10000)`),
    check(
      "discount_codes_limits_check",
      sql`(${t.maxUses} is null or ${t.maxUses} >= 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} >= 0)`,
    ),
    check("discount_codes_dates_check", sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`),
  ],
);

/** A cart: a logged-in user's (one per brand) or an anonymous visitor's behind the cart cookie (its SHA-256 here). */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash"),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_user_brand_unique")
      .on(t.userId, t.brand)
      .where(sql`user_id is not null`),
    uniqueIndex("carts_token_unique").on(t.tokenHash),
    check("carts_brand_check", brandCheck(t.brand)),
    check("carts_owner_check", sql`${t.userId} is not null or ${t.tokenHash} is not null`),
  ],
);

/** A training in a cart, with the buyer's choices: function (profession), session, funding. */
export const cartProducts = pgTable(
  "cart_products",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    functionName: text("function_name"),
    sessionId: integer("session_id").references(() => faceToFaceSessions.id, { onDelete: "set null" }),
    /** The face-to-face group of the session (the spec's sessionCourseId). */
    sessionCourseId: integer("session_course_id").references(() => faceToFaces.id, { onDelete: "set null" }),
    fundingId: integer("funding_id").references(() => fundings.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_products_cart_training_unique").on(t.cartId, t.trainingId),
    check("cart_products_session_check", sql`(${t.sessionId} is null) = (${t.sessionCourseId} is null)`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The pharmacy the order is made for (its referents read it); null for a personal purchase. */
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    cartId: integer("cart_id").references(() => carts.id, { onDelete: "set null" }),
    /** `shop`: trainings (order lines); `contract`: the contract offer below, signed when the order is paid. */
    kind: text("kind").notNull().default("shop"),
    contractOfferId: integer("contract_offer_id").references(() => contractOffers.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("pending"),
    paymentMethod: text("payment_method"),
    provider: text("provider"),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    discountCode: text("discount_code"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalWithVatCents: integer("total_with_vat_cents").notNull(),
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull(),
    vatExemptionMention: text("vat_exemption_mention"),
    currency: text("currency").notNull().default("EUR"),
    /** Why a payment failed (a message key), shown to the buyer. */
    failureReason: text("failure_reason"),
    locale: text("locale").notNull().default("fr-FR"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When the buyer of a cheque order was mailed the instructions: set once, so the mail goes once (ADR 0106). */
    chequeInstructionsMailedAt: timestamp("cheque_instructions_mailed_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_account_idx").on(t.accountId),
    index("orders_cart_idx").on(t.cartId),
    /** One open order per cart (ADR 0101): a repeated or parallel checkout gets the one there is. */
    uniqueIndex("orders_cart_open_unique")
      .on(t.cartId)
      .where(sql`status = 'pending'`),
    check("orders_brand_check", brandCheck(t.brand)),
    check("orders_status_check", sql`${t.status} in ('cart','pending','paid','failed','cancelled')`),
    check("orders_method_check", sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('card','check','free')`),
    check(
      "orders_totals_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} and ${t.totalCents} >= 0 and ${t.vatCents} >= 0 and ${t.totalWithVatCents} = ${t.totalCents} + ${t.vatCents}`,
    ),
    check("orders_paid_check", sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check("orders_kind_check", sql`${t.kind} in ('shop','contract')`),
    check("orders_contract_offer_check", sql`(${t.kind} = 'contract') = (${t.contractOfferId} is not null)`),
    index("orders_contract_offer_idx").on(t.contractOfferId),
    /** One open payment per contract offer (ADR 0101). */
    uniqueIndex("orders_contract_offer_open_unique")
      .on(t.contractOfferId)
      .where(sql`status = 'pending'`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    trainingType: text("training_type").notNull(),
    functionName: text("function_name"),
    sessionId: integer("session_id").references(() => faceToFaceSessions.id, { onDelete: "set null" }),
    sessionCourseId: integer("session_course_id").references(() => faceToFaces.id, { onDelete: "set null" }),
    fundingId: integer("funding_id").references(() => fundings.id, { onDelete: "set null" }),
    priceCents: integer("price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    netCents: integer("net_cents").notNull(),
  },
  (t) => [
    uniqueIndex("order_lines_order_training_unique").on(t.orderId, t.trainingId),
    check(
      "order_lines_amounts_check",
      sql`${t.priceCents} >= 0 and ${t.discountCents} >= 0 and ${t.netCents} = ${t.priceCents} - ${t.discountCents} and ${t.netCents} >= 0`,
    ),
  ],
);

/** Payment notifications accepted from a provider; the unique transaction id makes a replay change nothing. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerTransactionId: text("provider_transaction_id").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    payload: jsonb("payload"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_provider_transaction_unique").on(t.provider, t.providerTransactionId),
    index("payments_order_idx").on(t.orderId),
    check("payments_status_check", sql`${t.status} in ('paid','failed','cancelled','pending')`),
    check("payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * The numbering series of the invoice store: `invoice` (shop and funding payers' invoices, one sequence) and
 * `creditNote` (the brand's own credit-note sequence, ADR 0094).
 */
export const INVOICE_SERIES = ["invoice", "creditNote"] as const;

/** The last number of a brand, series and year; locked (FOR UPDATE) in the transaction that issues the document. */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    brand: text("brand").notNull(),
    series: text("series").notNull().default("invoice"),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.brand, t.series, t.year] }),
    check("invoice_counters_brand_check", brandCheck(t.brand)),
    check("invoice_counters_series_check", sql`${t.series} in ('invoice','creditNote')`),
    check("invoice_counters_last_check", sql`${t.lastNumber} >= 0`),
  ],
);

/** `creditNote` (ADR 0094): the full reversal of one paid shop invoice, numbered in its own series. */
export const INVOICE_KINDS = ["order", "funding", "creditNote"] as const;
export const INVOICE_PAYERS = ["funder", "pharmacy"] as const;

/**
 * The one invoice store (ADR 0075): a shop invoice (kind `order`, one per paid order), the invoice of one payer of
 * a funded request (kind `funding`, ADR 0056: the funder's share or the pharmacy's rest), or the credit note of a
 * shop invoice (kind `creditNote`, ADR 0094: at most one per invoice, its full amount, amounts stored positive).
 * Invoices are numbered per brand and year without gap across both invoice kinds, credit notes in their own series;
 * seller, buyer and VAT rule as they were at issue.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull().default("order"),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    fundingRequestId: integer("funding_request_id").references(() => fundingRequests.id, { onDelete: "restrict" }),
    /** Kind `creditNote` only: the invoice it reverses (one credit note per invoice). */
    creditedInvoiceId: integer("credited_invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    /** Kind `funding` only: who the invoice is addressed to. */
    payer: text("payer"),
    brand: text("brand").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    seller: jsonb("seller").notNull(),
    buyer: jsonb("buyer").notNull(),
    totalCents: integer("total_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalWithVatCents: integer("total_with_vat_cents").notNull(),
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull(),
    vatExemptionMention: text("vat_exemption_mention"),
    currency: text("currency").notNull().default("EUR"),
  },
  (t) => [
    uniqueIndex("invoices_order_unique").on(t.orderId),
    uniqueIndex("invoices_funding_payer_unique").on(t.fundingRequestId, t.payer),
    uniqueIndex("invoices_credited_unique").on(t.creditedInvoiceId),
    uniqueIndex("invoices_brand_year_sequence_unique")
      .on(t.brand, t.year, t.sequence)
      .where(sql`kind <> 'creditNote'`),
    uniqueIndex("invoices_credit_note_sequence_unique")
      .on(t.brand, t.year, t.sequence)
      .where(sql`kind = 'creditNote'`),
    uniqueIndex("invoices_number_unique").on(t.number),
    check("invoices_brand_check", brandCheck(t.brand)),
    check("invoices_sequence_check", sql`${t.sequence} >= 1`),
    check(
      "invoices_kind_check",
      sql`(${t.kind} = 'order' and ${t.orderId} is not null and ${t.fundingRequestId} is null and ${t.payer} is null and ${t.creditedInvoiceId} is null) or (${t.kind} = 'funding' and ${t.orderId} is null and ${t.fundingRequestId} is not null and ${t.payer} in ('funder','pharmacy') and ${t.creditedInvoiceId} is null) or (${t.kind} = 'creditNote' and ${t.orderId} is null and ${t.fundingRequestId} is null and ${t.payer} is null and ${t.creditedInvoiceId} is not null)`,
    ),
    check("invoices_amounts_check", sql`${t.totalCents} >= 0 and ${t.vatCents} >= 0 and ${t.totalWithVatCents} = ${t.totalCents} + ${t.vatCents}`),
  ],
);

/** A discount code used by a paid order (counted by the usage limits). */
export const discountUses = pgTable(
  "discount_uses",
  {
    id: serial("id").primaryKey(),
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("discount_uses_order_unique").on(t.orderId), index("discount_uses_code_user_idx").on(t.discountCodeId, t.userId)],
);
