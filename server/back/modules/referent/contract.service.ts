import type { ContractPayment, ContractView } from "#core/contract/referent.ts";
import { computeCartTotals } from "#core/domain/cart-totals.ts";
import { contractProducts, nextContractProduct } from "#core/domain/contract-products.ts";
import { isContractValid } from "#core/domain/user-state.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { paymentProvider } from "../shop/payment-providers.ts";
import { startOrderPayment } from "../shop/payments.service.ts";
import * as repo from "./contract.repository.ts";
import type { ReferentScope } from "./referent-scope.ts";

function offerPayload(row: repo.OfferRow) {
  return {
    id: row.id,
    productName: row.productName,
    priceCents: row.priceCents,
    currency: row.currency,
    status: row.status as "pending" | "signed" | "cancelled",
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET getContract: the contract in force with its validity, the brand's products, the next one and a pending offer. */
export async function getContract(ctx: ServiceContext, scope: ReferentScope): Promise<ContractView> {
  const brand = scope.account.brand;
  const [contract, pending, order] = await Promise.all([
    repo.findAccountContract(ctx.db, scope.accountId),
    repo.findPendingOffer(ctx.db, scope.accountId),
    repo.findLastContractOrder(ctx.db, scope.accountId),
  ]);
  const next = nextContractProduct(brand, contract?.productName);
  return {
    contract: contract
      ? {
          id: contract.id,
          productName: contract.productName,
          type: contract.type,
          validFrom: contract.validFrom,
          validUntil: contract.validUntil,
          signedAt: contract.signedAt?.toISOString() ?? null,
          valid: isContractValid(contract.validUntil, ctx.now()),
        }
      : null,
    readOnly: scope.readOnly,
    products: contractProducts(brand).map((p) => ({ ...p, current: p.name === contract?.productName })),
    nextProduct: next,
    pendingOffer: pending ? offerPayload(pending) : null,
    lastPayment: order
      ? {
          orderId: order.id,
          offerId: order.contractOfferId ?? 0,
          status: order.status as "pending" | "paid" | "failed" | "cancelled",
          amountCents: order.totalWithVatCents,
          paidAt: order.paidAt?.toISOString() ?? null,
        }
      : null,
    currency: vatRuleForBrand(brand).currency,
  };
}

/**
 * GET updateToNextContractProduct: a pending offer for the next product of the brand (the same one again while it
 * is pending: calling twice changes nothing). 409 at the top of the list.
 */
export async function offerNextProduct(ctx: ServiceContext, scope: ReferentScope) {
  const existing = await repo.findPendingOffer(ctx.db, scope.accountId);
  if (existing) return offerPayload(existing);
  const contract = await repo.findAccountContract(ctx.db, scope.accountId);
  const next = nextContractProduct(scope.account.brand, contract?.productName);
  if (!next) throw new AppError("CONFLICT", "contractNoNextProduct");
  const inserted = await repo.insertPendingOffer(ctx.db, {
    accountId: scope.accountId,
    fromContractId: contract?.id ?? null,
    productName: next.name,
    priceCents: next.yearlyPriceCents,
    currency: vatRuleForBrand(scope.account.brand).currency,
    createdBy: scope.userId,
    createdAt: ctx.now(),
  });
  const offer = inserted ?? (await repo.findPendingOffer(ctx.db, scope.accountId));
  if (!offer) throw new AppError("CONFLICT", "contractNoNextProduct");
  return offerPayload(offer);
}

/**
 * GET contract/sign/{id}: the pending offer becomes the contract in force (valid one year from today, Paris time),
 * in one transaction with the offer locked: a second signature of the same offer changes nothing (idempotent), an
 * offer of another account is a 404.
 */
export async function signOffer(ctx: ServiceContext, scope: ReferentScope, offerId: number) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const offer = await repo.lockOffer(tx, scope.accountId, offerId);
    if (!offer) throw new AppError("NOT_FOUND", "contractOfferNotFound");
    if (offer.status === "signed") return offerPayload(offer);
    if (offer.status !== "pending") throw new AppError("CONFLICT", "contractOfferClosed");
    return offerPayload(await repo.signLockedOffer(tx, offer, scope.userId, now));
  });
}

/**
 * GET contract/signContractSystemPay/{id} (ADR 0071): signing with payment. In one transaction with the offer
 * locked (it must be pending, else 404/409): the offer's open payment is answered again when it is the same one (same
 * referent, provider and amount: a repeated or parallel start, ADR 0101); otherwise it is cancelled and a pending card
 * order of kind `contract` is created for the offer's price with the brand's VAT. Then the payment provider's start
 * (the sandbox page, or SystemPay's signed hosted form). The contract is signed only when the provider's verified
 * notification marks the order paid (shop payOrder).
 */
export async function startContractPayment(
  ctx: ServiceContext,
  scope: ReferentScope,
  offerId: number,
  input: { origin: string; locale?: string },
): Promise<{ reply: ContractPayment; productName: string }> {
  const now = ctx.now();
  const provider = paymentProvider(ctx);
  const rule = vatRuleForBrand(scope.account.brand);
  const { order, productName } = await ctx.db.transaction(async (tx) => {
    const offer = await repo.lockOffer(tx, scope.accountId, offerId);
    if (!offer) throw new AppError("NOT_FOUND", "contractOfferNotFound");
    if (offer.status !== "pending") throw new AppError("CONFLICT", "contractOfferClosed");
    if (offer.priceCents <= 0) throw new AppError("CONFLICT", "contractOfferNotPayable");
    const totals = computeCartTotals([{ id: offer.id, trainingId: 0, priceCents: offer.priceCents }], null, rule);
    const open = await repo.findPendingContractOrder(tx, scope.accountId, offer.id);
    if (
      open &&
      open.userId === scope.userId &&
      open.provider === provider.name &&
      open.totalWithVatCents === totals.totalWithVat &&
      open.currency === rule.currency
    ) {
      return { order: open, productName: offer.productName };
    }
    await repo.cancelPendingContractOrders(tx, scope.accountId, offer.id, now);
    const created = await repo.insertContractOrder(tx, {
      brand: scope.account.brand,
      userId: scope.userId,
      accountId: scope.accountId,
      contractOfferId: offer.id,
      status: "pending",
      paymentMethod: "card",
      provider: provider.name,
      subtotalCents: totals.subtotal,
      discountCents: totals.totalDiscount,
      totalCents: totals.total,
      vatCents: totals.vat,
      totalWithVatCents: totals.totalWithVat,
      vatRateBasisPoints: rule.rateBasisPoints,
      vatExemptionMention: rule.exemptionMention,
      currency: rule.currency,
      locale: input.locale ?? "fr-FR",
      createdAt: now,
      updatedAt: now,
    });
    return { order: created, productName: offer.productName };
  });
  const start = await startOrderPayment(provider, order, { origin: input.origin });
  return {
    productName,
    reply: {
      orderId: order.id,
      offerId,
      amountCents: order.totalWithVatCents,
      currency: order.currency,
      payment: { provider: start.provider, method: start.method, url: start.url, fields: start.fields },
    },
  };
}
