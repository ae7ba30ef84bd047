/**
 * The invoices of a funding request's payers (ADR 0056, 0103), issued when the request enters financing. They are
 * written inside the caller's transaction (the transition's, or the demo seed's), so these take that transaction, like
 * the repositories, rather than a service context.
 */
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { invoicedPayers, type FundingScheme } from "#core/domain/funding-requests.ts";
import { invoiceNumber } from "#core/domain/invoice-number.ts";
import { computeVat } from "#core/domain/money.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { accountBillingDetails, sellerCountryOf } from "../billing/billing.service.ts";
import { invoiceBuyer, invoiceSeller } from "../invoices/invoice-parties.ts";
import * as invoiceStore from "../invoices/invoices.repository.ts";
import * as repo from "./funding-requests.repository.ts";

/**
 * Who a payer's invoice is addressed to and what it says about the funding (ADR 0103): the funder (ANDPC paying
 * directly, an OPCO under subrogation for the employer), or the pharmacy, which for FUNDAE pays the whole cost and
 * is told that the training is bonificable. In the invoice's language, the brand's.
 */
function payerInvoiceBuyer(
  payer: "funder" | "pharmacy",
  scheme: FundingScheme,
  brand: string,
  agreement: { name: string; number: string; organisation: string } | undefined,
  account: Parameters<typeof accountBillingDetails>[0] | undefined,
) {
  const locale = isBrandKey(brand) ? BRANDS[brand].defaultLocale : "fr-FR";
  const t = fixedT(locale, "pdf", "fundingInvoice");
  if (payer === "funder") {
    const mention = scheme === "dpc" ? t("dpcDirect") : scheme === "opco" ? t("opcoSubrogation", { employer: account?.name ?? "" }) : "";
    return { name: agreement?.organisation ?? "", lines: [agreement?.name ?? "", agreement?.number ?? "", mention].filter(Boolean) };
  }
  // The pharmacy's share: its billing details as on a shop invoice (address, tax number: ADR 0102), then the mention.
  const pharmacy = account
    ? invoiceBuyer({
        personName: account.name,
        email: null,
        details: { ...accountBillingDetails(account, brand), companyName: null },
        sellerCountry: sellerCountryOf(brand),
        locale,
      })
    : { name: "", lines: [] };
  return { name: pharmacy.name, lines: [...pharmacy.lines, scheme === "fundae" ? t("fundaeBonificable") : ""].filter(Boolean) };
}

/** One invoice per payer with a share (idempotent: a request re-entering financing keeps its invoices). */
export async function issuePayerInvoices(tx: DbOrTx, row: repo.FundingRequestRow, now: Date) {
  const existing = await invoiceStore.listInvoicesOfRequests(tx, [row.id]);
  const shares = invoicedPayers(row.scheme as FundingScheme, row.totalCents, row.fundedCents);
  const seller = invoiceSeller(row.brand);
  const invoicePrefix = legalIdentityOf(row.brand).invoicePrefix;
  const vat = vatRuleForBrand(row.brand);
  const account = await repo.findAccountIdentity(tx, row.accountId);
  const agreement = await repo.findAgreement(tx, row.agreementId);
  const year = Number(toParisDate(now).slice(0, 4));
  for (const share of shares) {
    if (share.amountCents <= 0 || existing.some((i) => i.payer === share.payer)) continue;
    const sequence = await invoiceStore.takeInvoiceSequence(tx, row.brand, year);
    const vatCents = computeVat(share.amountCents, vat.rateBasisPoints);
    const buyer = payerInvoiceBuyer(share.payer, row.scheme as FundingScheme, row.brand, agreement, account);
    await invoiceStore.insertInvoice(tx, {
      kind: "funding",
      fundingRequestId: row.id,
      payer: share.payer,
      brand: row.brand,
      year,
      sequence,
      number: invoiceNumber(invoicePrefix, year, sequence),
      issuedAt: now,
      seller,
      buyer,
      totalCents: share.amountCents,
      vatCents,
      totalWithVatCents: share.amountCents + vatCents,
      vatRateBasisPoints: vat.rateBasisPoints,
      vatExemptionMention: vat.exemptionMention,
      currency: row.currency,
    });
  }
}
