// Shared set-up for the shop integration tests: shop-context buyers made in the database, store trainings, codes.
import { and, eq } from "drizzle-orm";
import { BRANDS, type BrandKey } from "#core/branding/brands.ts";
import type { Db } from "../../server/db/client.ts";
import { billingProfiles, contracts, discountCodes, trainings, users } from "../../server/db/schema/index.ts";
import { buildSandboxNotification } from "../../server/payments/sandbox.ts";
import { TEST_SECRET } from "./support/platform.ts";
import type { Agent } from "./support/http.ts";

/** Billing details each brand's invoices accept (ADR 0102): a Spanish buyer gives a NIF, a Belgian person none. */
export const TEST_BILLING: Record<string, { address: string; postalCode: string; city: string; country: "FR" | "BE" | "ES"; taxId: string | null }> = {
  fr: { address: "12 place du Marché", postalCode: "69003", city: "Lyon", country: "FR", taxId: null },
  be: { address: "21 rue de la Régence", postalCode: "1000", city: "Bruxelles", country: "BE", taxId: null },
  es: { address: "Gran Vía 31", postalCode: "28013", city: "Madrid", country: "ES", taxId: "12345678Z" },
  "es-campus": { address: "Calle Mayor 20", postalCode: "08002", city: "Barcelona", country: "ES", taxId: "12345678Z" },
};

/**
 * n users with a personal shop contract (shop context), brand fr unless told, with the billing details checkout
 * requires (`billing: false`: none, to test the form that asks for them).
 */
export async function createShopBuyers(db: Db, n: number, tag: string, brand = "fr", options: { billing?: boolean } = {}): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${tag}-${i}@shop.test`,
        passwordHash: "not-used",
        firstName: `Buyer${i}`,
        lastName: tag,
        brand,
        locale: BRANDS[brand as BrandKey].defaultLocale,
      })),
    )
    .returning({ id: users.id });
  await db.insert(contracts).values(rows.map((r) => ({ userId: r.id, type: "shop", productName: "Boutique", validFrom: "2020-01-01" })));
  if (options.billing ?? true) await db.insert(billingProfiles).values(rows.map((r) => ({ userId: r.id, ...(TEST_BILLING[brand] ?? TEST_BILLING.fr) })));
  return rows.map((r) => r.id);
}

/** Published store trainings of a type with a price, for the audience everyone can buy. */
export async function storeTrainings(db: Db, brand: string, type: string) {
  const rows = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.brand, brand), eq(trainings.type, type), eq(trainings.isPublished, true), eq(trainings.availableOnStore, true)));
  return rows
    .filter((t) => !t.free && t.priceHtCents > 0 && !t.pharmacistsOnly && !t.nonPharmacistsOnly && !t.holdersOnly && !t.nonHoldersOnly)
    .sort((a, b) => a.id - b.id);
}

export async function createCode(db: Db, values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(discountCodes)
    .values({ brand: "fr", kind: "percentage", value: 1000, ...values, code: values.code.toUpperCase() })
    .returning();
  return row;
}

/** The sandbox's signed notification, as the test would forge or replay it. */
export function sandboxNotification(input: { orderId: number; status: "paid" | "failed"; amountCents: number; transactionId?: string }, secret = TEST_SECRET) {
  return buildSandboxNotification(secret, { currency: "EUR", ...input });
}

/** The headers a spec GET that changes state needs (CSRF header). */
export const csrfHeader = (agent: Agent) => ({ "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN") ?? "") });

/** Starts a card payment and pays it on the sandbox page with a card; returns the redirect location. */
export async function payWithCard(agent: Agent, card: string, returnPath = "/boutique/commande") {
  const start = await agent.get(`/back/api/shop/getPaymentToken?returnPath=${encodeURIComponent(returnPath)}`, { headers: csrfHeader(agent) });
  if (start.status !== 200) throw new Error(`getPaymentToken ${start.status}: ${start.text}`);
  const url: string = start.body.data.url;
  return { start, pay: () => submitCard(agent, url, card) };
}

export async function submitCard(agent: Agent, url: string, card: string) {
  const page = await agent.get(url);
  if (page.status !== 200) throw new Error(`sandbox page ${page.status}: ${page.text}`);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
  const body = new URLSearchParams({
    _csrf: csrf
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
    card,
  }).toString();
  return agent.request("POST", url, { body, headers: { "content-type": "application/x-www-form-urlencoded" }, csrf: false });
}
