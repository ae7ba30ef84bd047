/**
 * The scope of the funding-request and plan calls: the referent module's holder-or-referent guard (requireReferent,
 * spec 6; the account in use) plus the brand and locale these modules need. Every query takes the scope's accountId,
 * so another pharmacy's ids are simply not found (404).
 */
import type { Context } from "hono";
import type { BrandKey } from "#core/branding/brands.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { requireSession } from "../../http/guards.ts";
import type { ReferentScope as ReferentGuardScope } from "../referent/referent-scope.ts";
import { sessionUserPayload } from "../user/user.service.ts";

export type ReferentScope = { userId: number; accountId: number; brand: BrandKey; locale: string };

/** The scope of these modules from the referent guard's (the `referent` access rule of their endpoints). */
export function fundingScope(c: Context<BackEnv>, referent: ReferentGuardScope): ReferentScope {
  return { userId: referent.userId, accountId: referent.accountId, brand: c.get("brand").key, locale: c.get("locale") };
}

/** Any logged-in member of an account (the learner's view of the collective plan): the account in use, or null. */
export async function requireMemberScope(c: Context<BackEnv>): Promise<{ userId: number; accountId: number | null }> {
  requireSession(c);
  const user = await sessionUserPayload(c.get("ctx"));
  if (!user.loggedIn) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  return { userId: user.id, accountId: user.currentAccountId };
}
