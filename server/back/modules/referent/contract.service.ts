import type { ContractView } from "#core/contract/referent.ts";
import { contractProducts, contractYearEnd, nextContractProduct } from "#core/domain/contract-products.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { isContractValid } from "#core/domain/user-state.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import type { BackDeps } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import * as repo from "./contract.repository.ts";
import type { ReferentScope } from "./referent-scope.ts";

type Deps = Pick<BackDeps, "db" | "now">;

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
export async function getContract(deps: Deps, scope: ReferentScope): Promise<ContractView> {
  const brand = scope.account.brand;
  const [contract, pending] = await Promise.all([repo.findAccountContract(deps.db, scope.accountId), repo.findPendingOffer(deps.db, scope.accountId)]);
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
          valid: isContractValid(contract.validUntil, deps.now()),
        }
      : null,
    readOnly: scope.readOnly,
    products: contractProducts(brand).map((p) => ({ ...p, current: p.name === contract?.productName })),
    nextProduct: next,
    pendingOffer: pending ? offerPayload(pending) : null,
    currency: vatRuleForBrand(brand).currency,
  };
}

/**
 * GET updateToNextContractProduct: a pending offer for the next product of the brand (the same one again while it
 * is pending: calling twice changes nothing). 409 at the top of the list.
 */
export async function offerNextProduct(deps: Deps, scope: ReferentScope) {
  const existing = await repo.findPendingOffer(deps.db, scope.accountId);
  if (existing) return offerPayload(existing);
  const contract = await repo.findAccountContract(deps.db, scope.accountId);
  const next = nextContractProduct(scope.account.brand, contract?.productName);
  if (!next) throw new AppError("CONFLICT", "contractNoNextProduct");
  const inserted = await repo.insertPendingOffer(deps.db, {
    accountId: scope.accountId,
    fromContractId: contract?.id ?? null,
    productName: next.name,
    priceCents: next.yearlyPriceCents,
    currency: vatRuleForBrand(scope.account.brand).currency,
    createdBy: scope.userId,
    createdAt: deps.now(),
  });
  const offer = inserted ?? (await repo.findPendingOffer(deps.db, scope.accountId));
  if (!offer) throw new AppError("CONFLICT", "contractNoNextProduct");
  return offerPayload(offer);
}

/**
 * GET contract/sign/{id}: the pending offer becomes the contract in force (valid one year from today, Paris time),
 * in one transaction with the offer locked: a second signature of the same offer changes nothing (idempotent), an
 * offer of another account is a 404.
 */
export async function signOffer(deps: Deps, scope: ReferentScope, offerId: number) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const offer = await repo.lockOffer(tx, scope.accountId, offerId);
    if (!offer) throw new AppError("NOT_FOUND", "contractOfferNotFound");
    if (offer.status === "signed") return offerPayload(offer);
    if (offer.status !== "pending") throw new AppError("CONFLICT", "contractOfferClosed");
    const today = toParisDate(now);
    const contract = await repo.insertContract(tx, {
      accountId: scope.accountId,
      type: "standard",
      productName: offer.productName,
      validFrom: today,
      validUntil: contractYearEnd(today),
      signedAt: now,
      createdAt: now,
    });
    await repo.markOfferSigned(tx, offer.id, { signedBy: scope.userId, signedAt: now, contractId: contract.id });
    return offerPayload({ ...offer, status: "signed", signedAt: now, signedBy: scope.userId, contractId: contract.id });
  });
}
