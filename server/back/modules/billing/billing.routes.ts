/** The buyer's billing details (ADR 0102), asked at checkout: thin, the service does the work. */
import { Hono, type Context } from "hono";
import { billingDetailsSchema, BillingDetailsReplySchema } from "#core/contract/billing.ts";
import { billingEndpoints as endpoints } from "#core/contract/endpoints/billing.ts";
import { canShop } from "#core/domain/permissions.ts";
import type { BackEnv, SessionState } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { parseBody } from "../../http/validate.ts";
import { sessionUserPayload } from "../user/user.service.ts";
import { billingRules, getBillingDetails, saveBillingDetails, type BillingScope } from "./billing.service.ts";

export const billingRoutes = new Hono<BackEnv>();

/** A logged-in shop customer (the shop's own guard: 401 for guests, 403 outside shop context), and their scope. */
async function shopBuyerScope(c: Context<BackEnv>, session: SessionState): Promise<BillingScope> {
  if (!canShop(await sessionUserPayload(c.get("ctx")))) throw new AppError("FORBIDDEN", "shopNotAvailable");
  return { userId: session.userId, accountId: session.accountId, brand: c.get("brand").key };
}

register(billingRoutes, endpoints.details, async (c, { ctx, caller }) => {
  const scope = await shopBuyerScope(c, caller);
  return ok(BillingDetailsReplySchema.parse(await getBillingDetails(ctx, scope)));
});

register(billingRoutes, endpoints.save, async (c, { ctx, caller }) => {
  const scope = await shopBuyerScope(c, caller);
  const rules = billingRules(scope);
  const input = await parseBody(c, billingDetailsSchema(rules.country, rules.buyer));
  const reply = await saveBillingDetails(ctx, scope, input);
  return ok(BillingDetailsReplySchema.parse(reply), c.get("t")("billingDetailsSaved"));
});
