/**
 * The buyer's billing details (issue 28 item 8, ADR 0102): read and saved for checkout, required before an order is
 * created, and copied onto the invoice when it is paid. A purchase for a pharmacy is invoiced to the pharmacy (its
 * account's address and tax number, which its holder or referents may complete); a shop customer's own purchase to
 * the customer (their billing profile). The rules are the seller's country's (core/domain/billing.ts).
 */
import type { Locale } from "#core/branding/brands.ts";
import type { BillingDetailsInput, BillingDetailsReply } from "#core/contract/billing.ts";
import {
  BILLING_COUNTRIES,
  missingBillingFields,
  sellerCountryOf,
  normaliseTaxId,
  taxIdRequired,
  type BillingBuyer,
  type BillingCountry,
  type BillingDetails,
} from "#core/domain/billing.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import { invoiceBuyer, type InvoiceBuyer } from "../invoices/invoice-parties.ts";
import * as repo from "./billing.repository.ts";

/** Whose details a checkout uses: the pharmacy the order is bought for (the session's account), or the buyer's own. */
export type BillingScope = { userId: number; accountId: number | null; brand: string };

const isBillingCountry = (value: string | null | undefined): value is BillingCountry => (BILLING_COUNTRIES as readonly string[]).includes(value ?? "");

export { sellerCountryOf };

/** A pharmacy's billing details: its account's name, address and tax number (the seed prints them the same way). */
export function accountBillingDetails(
  account: { name: string; address: string | null; postalCode: string | null; city: string | null; country: string; taxId: string | null },
  brand: string,
): BillingDetails {
  const country = isBillingCountry(account.country) ? account.country : sellerCountryOf(brand);
  return { companyName: account.name, address: account.address, postalCode: account.postalCode, city: account.city, country, taxId: account.taxId };
}

/** Who is invoiced and the details on file (null: none yet). */
async function detailsOf(db: DbOrTx, scope: BillingScope): Promise<{ buyer: BillingBuyer; details: BillingDetails | null }> {
  if (scope.accountId !== null) {
    const account = await repo.findAccountBilling(db, scope.accountId);
    return { buyer: "pharmacy", details: account ? accountBillingDetails(account, scope.brand) : null };
  }
  const profile = await repo.findBillingProfile(db, scope.userId);
  if (!profile) return { buyer: "person", details: null };
  const country = isBillingCountry(profile.country) ? profile.country : sellerCountryOf(scope.brand);
  return {
    buyer: "person",
    details: { companyName: profile.companyName, address: profile.address, postalCode: profile.postalCode, city: profile.city, country, taxId: profile.taxId },
  };
}

/** Whether the user may change the scope's details: their own always; a pharmacy's as its holder or a referent. */
async function canEdit(db: DbOrTx, scope: BillingScope): Promise<boolean> {
  if (scope.accountId === null) return true;
  const role = await repo.findActiveRole(db, scope.userId, scope.accountId);
  return role === "holder" || role === "referent";
}

/** The rules a save is checked with (billingDetailsSchema): the buyer kind and the seller's country. */
export function billingRules(scope: BillingScope): { buyer: BillingBuyer; country: BillingCountry } {
  return { buyer: scope.accountId !== null ? "pharmacy" : "person", country: sellerCountryOf(scope.brand) };
}

/** GET shop/billingDetails: the details on file, what the seller's country still needs, whether the user may edit. */
export async function getBillingDetails(ctx: ServiceContext, scope: BillingScope): Promise<BillingDetailsReply> {
  const { buyer, details } = await detailsOf(ctx.db, scope);
  const country = sellerCountryOf(scope.brand);
  return {
    buyer,
    country,
    taxIdRequired: taxIdRequired(country, buyer, details?.companyName ?? null),
    companyName: details?.companyName ?? null,
    address: details?.address ?? null,
    postalCode: details?.postalCode ?? null,
    city: details?.city ?? null,
    taxId: details?.taxId ?? null,
    missing: missingBillingFields(details, buyer, country),
    editable: await canEdit(ctx.db, scope),
  };
}

/**
 * POST shop/billingDetails (input already checked with billingDetailsSchema for the scope's rules): a pharmacy's
 * address and tax number on its account (holder or referent only, else 403), or the customer's profile (one row,
 * created or replaced: the same request sent again, or ten times at once, leaves the same row).
 */
export async function saveBillingDetails(ctx: ServiceContext, scope: BillingScope, input: BillingDetailsInput): Promise<BillingDetailsReply> {
  const { db } = ctx;
  const taxId = input.taxId ? normaliseTaxId(input.taxId) : null;
  if (scope.accountId !== null) {
    if (!(await canEdit(db, scope))) throw new AppError("FORBIDDEN", "billingPharmacyManagersOnly");
    await repo.updateAccountBilling(db, scope.accountId, { address: input.address, postalCode: input.postalCode, city: input.city, taxId });
  } else {
    await repo.upsertBillingProfile(db, {
      userId: scope.userId,
      companyName: input.companyName || null,
      address: input.address,
      postalCode: input.postalCode,
      city: input.city,
      country: sellerCountryOf(scope.brand),
      taxId,
      updatedAt: ctx.now(),
    });
  }
  return getBillingDetails(ctx, scope);
}

/** Checkout's guard: an order is created only when its invoice can carry what the seller's country requires (409). */
export async function requireCompleteBilling(ctx: ServiceContext, scope: BillingScope): Promise<void> {
  const { buyer, details } = await detailsOf(ctx.db, scope);
  const missing = missingBillingFields(details, buyer, sellerCountryOf(scope.brand));
  if (missing.length > 0)
    throw new AppError("CONFLICT", "shopBillingDetailsMissing", { fields: Object.fromEntries(missing.map((field) => [field, ["required"]])) });
}

/** The buyer block an invoice stores when the order is paid: the person's name and the scope's details as they are. */
export async function invoiceBuyerOf(
  ctx: ServiceContext,
  scope: BillingScope,
  person: { name: string; email: string | null; locale: Locale },
): Promise<InvoiceBuyer> {
  const { details } = await detailsOf(ctx.db, scope);
  return invoiceBuyer({
    personName: person.name,
    email: person.email,
    details: details ?? { companyName: null, address: null, postalCode: null, city: null, country: sellerCountryOf(scope.brand), taxId: null },
    sellerCountry: sellerCountryOf(scope.brand),
    locale: person.locale,
  });
}
