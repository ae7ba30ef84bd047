// Migration 0020 (ADR 0101): before its partial unique indexes (one pending order per cart and per contract offer),
// its hand-written data fix settles the duplicates that the shop could make until then. Here: a seeded database taken
// back to before the indexes, duplicates made, then the migration's statements run as the migrator runs them.
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts, carts, contractOffers, orders } from "../../server/db/schema/index.ts";
import { backends, createTestDatabase, type TestDatabase } from "./support/database.ts";
import { createShopBuyers } from "./shop-helpers.ts";

const MIGRATION = path.resolve(import.meta.dirname, "../../server/db/migrations/0020_one-open-order.sql");

describe.each(backends())("migration 0020, one open order per cart (%s)", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  }, 240_000);
  afterAll(async () => {
    await database?.dispose();
  }, 240_000);

  test("older pending orders of a cart: a cheque one stays pending off the cart, a card one is cancelled; the newest stays open; then the indexes hold", async () => {
    const { db } = database.database;
    await db.execute(sql`drop index "orders_cart_open_unique"`);
    await db.execute(sql`drop index "orders_contract_offer_open_unique"`);

    const [buyer] = await createShopBuyers(db, 1, `migration-${backend}`);
    const [cart] = await db.insert(carts).values({ brand: "fr", userId: buyer }).returning();
    const amounts = { subtotalCents: 5000, totalCents: 5000, vatCents: 0, totalWithVatCents: 5000, vatRateBasisPoints: 0 };
    const pendingOrder = async (method: "card" | "check", values: Partial<typeof orders.$inferInsert> = {}) =>
      (
        await db
          .insert(orders)
          .values({ brand: "fr", userId: buyer, cartId: cart.id, status: "pending", paymentMethod: method, ...amounts, ...values })
          .returning()
      )[0];
    const card1 = await pendingOrder("card");
    const check2 = await pendingOrder("check");
    const card3 = await pendingOrder("card");
    // A cart with one pending order is left as it is.
    const [otherBuyer] = await createShopBuyers(db, 1, `migration-other-${backend}`);
    const [otherCart] = await db.insert(carts).values({ brand: "fr", userId: otherBuyer }).returning();
    const [alone] = await db
      .insert(orders)
      .values({ brand: "fr", userId: otherBuyer, cartId: otherCart.id, status: "pending", paymentMethod: "check", ...amounts })
      .returning();
    // Two pending payments of one contract offer.
    const [account] = await db.select().from(accounts).limit(1);
    const [offer] = await db
      .insert(contractOffers)
      .values({ accountId: account.id, productName: "Offre test", priceCents: 5000, status: "cancelled" })
      .returning();
    const contractOrder = () => pendingOrder("card", { cartId: null, kind: "contract", contractOfferId: offer.id, accountId: account.id });
    const offer1 = await contractOrder();
    const offer2 = await contractOrder();

    for (const statement of fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    const after = new Map(
      (
        await db
          .select()
          .from(orders)
          .where(inArray(orders.id, [card1.id, check2.id, card3.id, alone.id, offer1.id, offer2.id]))
      ).map((o) => [o.id, o]),
    );
    expect(after.get(card1.id)).toMatchObject({ status: "cancelled", cartId: cart.id });
    expect(after.get(check2.id)).toMatchObject({ status: "pending", cartId: null });
    expect(after.get(card3.id)).toMatchObject({ status: "pending", cartId: cart.id });
    expect(after.get(alone.id)).toMatchObject({ status: "pending", cartId: otherCart.id });
    expect(after.get(offer1.id)).toMatchObject({ status: "cancelled" });
    expect(after.get(offer2.id)).toMatchObject({ status: "pending" });

    // The indexes are back and refuse a second open order of the cart, or of the offer.
    await expect(pendingOrder("check")).rejects.toThrow();
    await expect(contractOrder()).rejects.toThrow();
    expect((await db.select().from(orders).where(eq(orders.cartId, cart.id))).filter((o) => o.status === "pending")).toHaveLength(1);
  });
});
