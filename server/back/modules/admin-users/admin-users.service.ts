import { BRANDS, isBrandKey, type BrandKey } from "#core/branding/brands.ts";
import { ADMIN_PAGE_SIZE, paging, type Paging } from "#core/contract/admin-list.ts";
import {
  discountValueUnits,
  type AdminDiscountCode,
  type AdminUserDetail,
  type DiscountListQuery,
  type NewDiscountCode,
  type UserListQuery,
} from "#core/contract/admin-users.ts";
import { normalizeDiscountCode } from "#core/domain/discounts.ts";
import { passwordResetMail } from "../../../mail/templates.ts";
import { AppError } from "../../http/app-error.ts";
import { issueToken, revokeUserTokens } from "../auth/tokens.ts";
import { parisDayStart } from "../accounting/accounting.service.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import * as repo from "./admin-users.repository.ts";
import type { ServiceContext } from "../../service-context.ts";

/** Users (find, see, re-invite, admin role) and discount codes (create, disable) of the back office (ADR 0068). */

const summaryOf = (row: { id: number; email: string; firstName: string; lastName: string; brand: string; isAdmin: boolean; createdAt: Date }) => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  brand: row.brand,
  isAdmin: row.isAdmin,
  createdAt: row.createdAt.toISOString(),
});

export async function findUsers(ctx: ServiceContext, query: UserListQuery) {
  const { rows, total } = await repo.searchUsers(ctx.db, query, { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE });
  return { items: rows.map((row) => ({ ...summaryOf(row), roles: row.roles ? row.roles.split(",") : [] })), paging: paging(total, query.page) };
}

export async function getUserDetail(ctx: ServiceContext, actorId: number, id: number): Promise<AdminUserDetail> {
  const { db } = ctx;
  const user = await repo.findUserForAdmin(db, id);
  if (!user) throw new AppError("NOT_FOUND", "adminUserNotFound");
  const [memberships, enrolments, orders] = await Promise.all([repo.listUserMemberships(db, id), repo.listUserEnrolments(db, id), repo.listUserOrders(db, id)]);
  return {
    user: { ...summaryOf(user), locale: user.locale, profession: user.profession },
    memberships,
    enrolments: enrolments.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    orders: orders.map((o) => ({
      id: o.id,
      brand: o.brand,
      status: o.status,
      paymentMethod: o.paymentMethod,
      totalWithVat: o.totalWithVatCents,
      currency: o.currency,
      createdAt: o.createdAt.toISOString(),
    })),
    isSelf: actorId === id,
  };
}

/**
 * Sends the user a new sign-in link (the password-setting link of the reset flow, valid one hour; older links stop
 * working), for someone who never set a password or lost the first mail. `origin`: the public origin of a brand's site.
 */
export async function resendInvitation(ctx: ServiceContext, actorId: number, id: number, origin: (brand: string) => string): Promise<string> {
  const now = ctx.now();
  const { user, token } = await ctx.db.transaction(async (tx) => {
    const user = await repo.findUserForAdmin(tx, id, true);
    if (!user) throw new AppError("NOT_FOUND", "adminUserNotFound");
    await revokeUserTokens(tx, "password_reset", id, now);
    const token = await issueToken(tx, { kind: "password_reset", userId: id }, now);
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "user.invitationSent", entityType: "user", entityId: id, before: null, after: { email: user.email } },
    );
    return { user, token };
  });
  const path = user.locale === "es-ES" ? "/restablecer-mi-contrasena/" : "/reinitialiser-mon-mot-de-passe/";
  const brand = isBrandKey(user.brand) ? BRANDS[user.brand] : BRANDS.fr;
  await ctx.mailer.send({
    to: user.email,
    ...passwordResetMail({ brand, locale: user.locale, firstName: user.firstName, link: `${origin(user.brand)}${path}${token}` }),
  });
  return user.email;
}

/** Grants or removes the administrator role; an administrator never removes their own (409). */
export async function setAdminRole(ctx: ServiceContext, actorId: number, id: number, isAdmin: boolean): Promise<void> {
  const now = ctx.now();
  if (id === actorId && !isAdmin) throw new AppError("CONFLICT", "adminNotOneself", { fields: { isAdmin: ["adminNotOneself"] } });
  await ctx.db.transaction(async (tx) => {
    const user = await repo.findUserForAdmin(tx, id, true);
    if (!user) throw new AppError("NOT_FOUND", "adminUserNotFound");
    if (user.isAdmin === isAdmin) return;
    await repo.setUserAdmin(tx, id, isAdmin, now);
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: isAdmin ? "user.madeAdmin" : "user.adminRemoved",
        entityType: "user",
        entityId: id,
        before: { isAdmin: user.isAdmin },
        after: { isAdmin },
      },
    );
  });
}

// Discount codes -----------------------------------------------------------------------------------------------

function codeOf(row: { code: repo.DiscountCodeRow; trainingName: string | null; uses: number }, now: Date): AdminDiscountCode {
  const c = row.code;
  const usedUp = c.maxUses !== null && row.uses >= c.maxUses;
  return {
    id: c.id,
    brand: c.brand as BrandKey,
    code: c.code,
    kind: c.kind as "percentage" | "fixed",
    value: c.value,
    trainingName: row.trainingName,
    validFrom: c.validFrom?.toISOString() ?? null,
    validUntil: c.validUntil?.toISOString() ?? null,
    maxUses: c.maxUses,
    maxUsesPerCustomer: c.maxUsesPerCustomer,
    uses: Number(row.uses),
    active: (!c.validFrom || c.validFrom <= now) && (!c.validUntil || c.validUntil > now) && !usedUp,
  };
}

export async function listCodes(ctx: ServiceContext, query: DiscountListQuery): Promise<{ items: AdminDiscountCode[]; paging: Paging }> {
  const now = ctx.now();
  const { rows, total } = await repo.listDiscountCodes(ctx.db, query, { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE });
  return { items: rows.map((row) => codeOf(row, now)), paging: paging(total, query.page) };
}

function nextDayStart(day: string): Date {
  return parisDayStart(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
}

export async function createCode(ctx: ServiceContext, actorId: number, input: NewDiscountCode): Promise<AdminDiscountCode> {
  const now = ctx.now();
  const code = normalizeDiscountCode(input.code);
  return ctx.db.transaction(async (tx) => {
    if (await repo.discountCodeExists(tx, input.brand, code)) throw new AppError("CONFLICT", "adminCodeTaken", { fields: { code: ["adminCodeTaken"] } });
    const row = await repo.insertDiscountCode(tx, {
      brand: input.brand,
      code,
      kind: input.kind,
      value: discountValueUnits(input.value),
      validFrom: input.validFrom ? parisDayStart(input.validFrom) : null,
      // The last day counts whole: the code ends when the next day starts (Paris time).
      validUntil: input.validUntil ? new Date(nextDayStart(input.validUntil).getTime() - 1) : null,
      maxUses: input.maxUses ?? null,
      maxUsesPerCustomer: input.maxUsesPerCustomer ?? null,
      createdAt: now,
    });
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "discountCode.created", entityType: "discountCode", entityId: row.id, before: null, after: row },
    );
    return codeOf({ code: row, trainingName: null, uses: 0 }, now);
  });
}

/** Ends the code's validity now (a disabled code answers "expired" in the cart); a code already over stays as it is. */
export async function disableCode(ctx: ServiceContext, actorId: number, id: number): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findDiscountCode(tx, id, true);
    if (!before) throw new AppError("NOT_FOUND", "adminCodeNotFound");
    if (before.validUntil && before.validUntil <= now) return;
    const validFrom = before.validFrom && before.validFrom > now ? now : before.validFrom;
    const after = await repo.updateDiscountValidity(tx, id, validFrom, now);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "discountCode.disabled", entityType: "discountCode", entityId: id, before, after });
  });
}
