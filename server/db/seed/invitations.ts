import { authTokens } from "../schema/index.ts";
import { hashToken } from "../../back/modules/auth/tokens.ts";
import type { AccountIds } from "./people-and-content.ts";
import type { Clock, SeedDb } from "./util.ts";

/**
 * Pending invitations with known tokens, so the account-creation page can be tried on the
 * demo (`/abonnement/creer-mon-compte?token=...`). Each token creates one account.
 */
export const DEMO_INVITATIONS = [
  { token: "demo-invite-marche-1", pharmacy: "marche", role: "learner", brand: "fr", locale: "fr-FR", email: "nouvelle.recrue@demo.test" },
  { token: "demo-invite-marche-2", pharmacy: "marche", role: "learner", brand: "fr", locale: "fr-FR", email: null },
  { token: "demo-invite-marche-3", pharmacy: "marche", role: "learner", brand: "fr", locale: "fr-FR", email: null },
  { token: "demo-invite-sablon-1", pharmacy: "sablon", role: "learner", brand: "be", locale: "fr-BE", email: null },
  { token: "demo-invite-gran-via-1", pharmacy: "gran-via", role: "learner", brand: "es", locale: "es-ES", email: null },
  { token: "demo-invite-gran-via-2", pharmacy: "gran-via", role: "learner", brand: "es", locale: "es-ES", email: null },
] as const;

export async function seedInvitations(db: SeedDb, clock: Clock, accounts: AccountIds): Promise<void> {
  await db.insert(authTokens).values(
    DEMO_INVITATIONS.map((invitation) => {
      const accountId = accounts.pharmacies.get(invitation.pharmacy);
      if (accountId === undefined) throw new Error(`Unknown demo pharmacy ${invitation.pharmacy}`);
      return {
        kind: "invitation",
        tokenHash: hashToken(invitation.token),
        accountId,
        email: invitation.email,
        payload: JSON.stringify({ accountId, role: invitation.role, brand: invitation.brand, locale: invitation.locale }),
        expiresAt: clock.at(365),
        createdAt: clock.now,
      };
    }),
  );
}
