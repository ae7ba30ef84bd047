import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { accounts, discountCodes, discountUses, enrolments, memberships, orders, trainings, users } from "../../../db/schema/index.ts";

const summary = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, brand: users.brand, isAdmin: users.isAdmin, createdAt: users.createdAt };

/** Users whose e-mail or name contains the text (case and accents as typed), 50 at most, by name. */
export async function searchUsers(db: DbOrTx, text: string | undefined) {
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(summary).from(users).where(where).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)).limit(50),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findUserForAdmin(db: DbOrTx, id: number, lock = false) {
  const query = db.select({ ...summary, locale: users.locale, profession: users.profession }).from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function listUserMemberships(db: DbOrTx, userId: number) {
  return db
    .select({ accountId: accounts.id, accountName: accounts.name, role: memberships.role, isActive: memberships.isActive })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(accounts.name));
}

export async function listUserEnrolments(db: DbOrTx, userId: number) {
  return db
    .select({ id: enrolments.id, trainingName: trainings.name, status: enrolments.status, createdAt: enrolments.createdAt })
    .from(enrolments)
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .where(eq(enrolments.userId, userId))
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id))
    .limit(200);
}

export async function listUserOrders(db: DbOrTx, userId: number) {
  return db
    .select({ id: orders.id, brand: orders.brand, status: orders.status, paymentMethod: orders.paymentMethod, totalWithVatCents: orders.totalWithVatCents, currency: orders.currency, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`${orders.status} <> 'cart'`))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
}

export async function setUserAdmin(db: DbOrTx, id: number, isAdmin: boolean, now: Date): Promise<void> {
  await db.update(users).set({ isAdmin, updatedAt: now }).where(eq(users.id, id));
}

// Discount codes -----------------------------------------------------------------------------------------------

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export async function listDiscountCodes(db: DbOrTx, brand: string | undefined) {
  const uses = db.select({ codeId: discountUses.discountCodeId, n: count().as("n") }).from(discountUses).groupBy(discountUses.discountCodeId).as("uses");
  return db
    .select({ code: discountCodes, trainingName: trainings.name, uses: sql<number>`coalesce(${uses.n}, 0)::int` })
    .from(discountCodes)
    .leftJoin(trainings, eq(trainings.id, discountCodes.trainingId))
    .leftJoin(uses, eq(uses.codeId, discountCodes.id))
    .where(brand ? eq(discountCodes.brand, brand) : undefined)
    .orderBy(asc(discountCodes.brand), asc(discountCodes.code));
}

export async function findDiscountCode(db: DbOrTx, id: number, lock = false): Promise<DiscountCodeRow | undefined> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function discountCodeExists(db: DbOrTx, brand: string, code: string): Promise<boolean> {
  const rows = await db.select({ id: discountCodes.id }).from(discountCodes).where(and(eq(discountCodes.brand, brand), eq(discountCodes.code, code))).limit(1);
  return rows.length > 0;
}

export async function insertDiscountCode(db: DbOrTx, row: typeof discountCodes.$inferInsert): Promise<DiscountCodeRow> {
  const [created] = await db.insert(discountCodes).values(row).returning();
  return created;
}

export async function updateDiscountValidity(db: DbOrTx, id: number, validFrom: Date | null, validUntil: Date): Promise<DiscountCodeRow> {
  const [row] = await db.update(discountCodes).set({ validFrom, validUntil }).where(eq(discountCodes.id, id)).returning();
  return row;
}
