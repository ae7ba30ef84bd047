import { Hono } from "hono";
import type { BrandKey } from "#core/branding/brands.ts";
import { UserSearchQuerySchema } from "#core/contract/admin-users.ts";
import { adminUsersEndpoints as endpoints } from "#core/contract/endpoints/admin-users.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { parseInput } from "../../http/validate.ts";
import { createCode, disableCode, findUsers, getUserDetail, listCodes, resendInvitation, setAdminRole } from "./admin-users.service.ts";

/** Back office: users and discount codes (admin only). */
export const adminUsersRoutes = new Hono<BackEnv>();

register(adminUsersRoutes, endpoints.users, async (c, { query }) => {
  parseInput(UserSearchQuerySchema, c.req.query(), c.var.t);
  return ok(await findUsers(c.var.deps.db, query));
});

register(adminUsersRoutes, endpoints.user, async (c, { caller, params }) => ok(await getUserDetail(c.var.deps.db, caller.userId, params.id)));

register(adminUsersRoutes, endpoints.resendInvitation, async (c, { caller, params }) => {
  const { db, mailer, now } = c.var.deps;
  const origin = (brand: string) => publicOriginFor(c, brand as BrandKey) ?? publicOriginFor(c, c.var.brand.key) ?? "";
  const email = await resendInvitation({ db, mailer, now: now(), origin }, caller.userId, params.id);
  return ok(null, c.var.t("adminInvitationSent", { email }));
});

register(adminUsersRoutes, endpoints.setAdmin, async (c, { caller, params, body }) => {
  await setAdminRole(c.var.deps.db, caller.userId, params.id, body.isAdmin === "true", c.var.deps.now());
  return ok(await getUserDetail(c.var.deps.db, caller.userId, params.id), c.var.t("adminRoleChanged"));
});

register(adminUsersRoutes, endpoints.discountCodes, async (c, { query }) => ok(await listCodes(c.var.deps.db, query, c.var.deps.now())));

register(adminUsersRoutes, endpoints.createDiscountCode, async (c, { caller, body }) =>
  ok(await createCode(c.var.deps.db, caller.userId, body, c.var.deps.now()), c.var.t("adminCodeCreated"), 201),
);

register(adminUsersRoutes, endpoints.disableDiscountCode, async (c, { caller, params }) => {
  await disableCode(c.var.deps.db, caller.userId, params.id, c.var.deps.now());
  return ok(null, c.var.t("adminCodeDisabled"));
});
