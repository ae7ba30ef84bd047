import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import type { DiscountListQuery, UserListQuery } from "#core/contract/admin-users.ts";
import { accounts, discountCodes, discountUses, enrolments, memberships, orders, trainings, users } from "../../../db/schema/index.ts";

const summary = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  brand: users.brand,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The order of each user-list sort key (ties: name, then id). */
const USER_ORDER = {
  name: [users.lastName, users.firstName],
  email: [users.email],
  brand: [users.brand, users.lastName, users.firstName],
  created: [users.createdAt],
} as const;

/**
 * Users whose e-mail or name contains the text (case and accents as typed), of a brand, sorted, one page of them
 * (ADR 0061: no cap on the matches, the pager reaches them all), with the total count.
 */
export async function searchUsers(db: DbOrTx, query: UserListQuery, page: { limit: number; offset: number }) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const where = and(
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, pattern),
        )
      : undefined,
    query.brand ? eq(users.brand, query.brand) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...summary,
        // The roles of the user's active memberships, each once (a row of the list shows them).
        // (A comma-separated text: both drivers read it the same way, unlike an array.)
        roles: sql<string>`coalesce((select string_agg(distinct ${memberships.role}, ',' order by ${memberships.role}) from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.isActive}), '')`,
      })
      .from(users)
      .where(where)
      .orderBy(...USER_ORDER[query.sort].map((column) => direction(column)), direction(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findUserForAdmin(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({ ...summary, locale: users.locale, profession: users.profession })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
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
    .select({
      id: orders.id,
      brand: orders.brand,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalWithVatCents: orders.totalWithVatCents,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
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

/** One page of the codes (search on the code, brand filter, sorted; ties by id), with the total count. */
export async function listDiscountCodes(db: DbOrTx, query: DiscountListQuery, page: { limit: number; offset: number }) {
  const uses = db
    .select({ codeId: discountUses.discountCodeId, n: count().as("n") })
    .from(discountUses)
    .groupBy(discountUses.discountCodeId)
    .as("uses");
  const useCount = sql<number>`coalesce(${uses.n}, 0)::int`;
  const where = and(
    query.brand ? eq(discountCodes.brand, query.brand) : undefined,
    query.q ? ilike(discountCodes.code, `%${escapeLike(query.q)}%`) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const order = {
    created: discountCodes.createdAt,
    code: discountCodes.code,
    brand: discountCodes.brand,
    validUntil: discountCodes.validUntil,
    uses: useCount,
  }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({ code: discountCodes, trainingName: trainings.name, uses: useCount })
      .from(discountCodes)
      .leftJoin(trainings, eq(trainings.id, discountCodes.trainingId))
      .leftJoin(uses, eq(uses.codeId, discountCodes.id))
      .where(where)
      .orderBy(
        query.sort === "validUntil" ? sql`${discountCodes.validUntil} ${sql.raw(query.dir === "asc" ? "asc" : "desc")} nulls last` : direction(order),
        direction(discountCodes.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(discountCodes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDiscountCode(db: DbOrTx, id: number, lock = false): Promise<DiscountCodeRow | undefined> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function discountCodeExists(db: DbOrTx, brand: string, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.brand, brand), eq(discountCodes.code, code)))
    .limit(1);
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
