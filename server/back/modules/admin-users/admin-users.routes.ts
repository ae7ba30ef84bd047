import { Hono, type Context } from "hono";
import { z } from "zod";
import { DiscountListQuerySchema, NewDiscountCodeSchema, SetAdminSchema, UserListQuerySchema, UserSearchQuerySchema } from "#core/contract/admin-users.ts";
import { EmptyBody, IdParam } from "#core/contract/ids.ts";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { requireAdmin } from "../../http/guards.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import type { BrandKey } from "#core/branding/brands.ts";
import { createCode, disableCode, findUsers, getUserDetail, listCodes, resendInvitation, setAdminRole } from "./admin-users.service.ts";

/** Back office: users and discount codes (admin only). */
export const adminUsersRoutes = new Hono<BackEnv>();

const idOf = (c: Context<BackEnv>) => parseInput(z.strictObject({ id: IdParam }), { id: c.req.param("id") }, c.var.t).id;

adminUsersRoutes.get("/admin/users", async (c) => {
  await requireAdmin(c);
  // A search text over 120 characters is a 422 (ADR 0068); sort, brand and page fall back to defaults (ADR 0061).
  parseInput(UserSearchQuerySchema, c.req.query(), c.var.t);
  return success(c, await findUsers(c.var.deps.db, UserListQuerySchema.parse(c.req.query())));
});

adminUsersRoutes.get("/admin/users/:id", async (c) => {
  const session = await requireAdmin(c);
  return success(c, await getUserDetail(c.var.deps.db, session.userId, idOf(c)));
});

adminUsersRoutes.post("/admin/users/:id/invitation", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, EmptyBody);
  const { db, mailer, now } = c.var.deps;
  const origin = (brand: string) => publicOriginFor(c, brand as BrandKey) ?? publicOriginFor(c, c.var.brand.key) ?? "";
  const email = await resendInvitation({ db, mailer, now: now(), origin }, session.userId, id);
  return success(c, null, c.var.t("adminInvitationSent", { email }));
});

adminUsersRoutes.post("/admin/users/:id/admin", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, SetAdminSchema);
  await setAdminRole(c.var.deps.db, session.userId, id, input.isAdmin === "true", c.var.deps.now());
  return success(c, await getUserDetail(c.var.deps.db, session.userId, id), c.var.t("adminRoleChanged"));
});

adminUsersRoutes.get("/admin/discountCodes", async (c) => {
  await requireAdmin(c);
  return success(c, await listCodes(c.var.deps.db, DiscountListQuerySchema.parse(c.req.query()), c.var.deps.now()));
});

adminUsersRoutes.post("/admin/discountCodes", async (c) => {
  const session = await requireAdmin(c);
  const input = await parseBody(c, NewDiscountCodeSchema);
  return success(c, await createCode(c.var.deps.db, session.userId, input, c.var.deps.now()), c.var.t("adminCodeCreated"), 201);
});

adminUsersRoutes.post("/admin/discountCodes/:id/disable", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, EmptyBody);
  await disableCode(c.var.deps.db, session.userId, id, c.var.deps.now());
  return success(c, null, c.var.t("adminCodeDisabled"));
});
