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

register(adminUsersRoutes, endpoints.users, async (c, { ctx, query }) => {
  parseInput(UserSearchQuerySchema, c.req.query(), c.get("t"));
  return ok(await findUsers(ctx, query));
});

register(adminUsersRoutes, endpoints.user, async (_c, { ctx, caller, params }) => ok(await getUserDetail(ctx, caller.userId, params.id)));

register(adminUsersRoutes, endpoints.resendInvitation, async (c, { ctx, caller, params }) => {
  const origin = (brand: string) => publicOriginFor(c, brand as BrandKey) ?? publicOriginFor(c, c.get("brand").key) ?? "";
  const email = await resendInvitation(ctx, caller.userId, params.id, origin);
  return ok(null, c.get("t")("adminInvitationSent", { email }));
});

register(adminUsersRoutes, endpoints.setAdmin, async (c, { ctx, caller, params, body }) => {
  await setAdminRole(ctx, caller.userId, params.id, body.isAdmin === "true");
  return ok(await getUserDetail(ctx, caller.userId, params.id), c.get("t")("adminRoleChanged"));
});

register(adminUsersRoutes, endpoints.discountCodes, async (_c, { ctx, query }) => ok(await listCodes(ctx, query)));

register(adminUsersRoutes, endpoints.createDiscountCode, async (c, { ctx, caller, body }) =>
  ok(await createCode(ctx, caller.userId, body), c.get("t")("adminCodeCreated"), 201),
);

register(adminUsersRoutes, endpoints.disableDiscountCode, async (c, { ctx, caller, params }) => {
  await disableCode(ctx, caller.userId, params.id);
  return ok(null, c.get("t")("adminCodeDisabled"));
});
