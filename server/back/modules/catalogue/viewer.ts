import type { Db } from "../../../db/client.ts";
import { getUserPayload } from "../user/user.service.ts";

/** What the catalogue needs to know about the visitor (null for a guest). */
export type Viewer = {
  userId: number;
  isAdmin: boolean;
  isPharmacist: boolean;
  isHolder: boolean;
  isPartnerCareClient: boolean;
};

export async function loadViewer(db: Db, session: { userId: number; accountId: number | null } | null): Promise<Viewer | null> {
  if (!session) return null;
  const user = await getUserPayload(db, session.userId, session.accountId);
  if (!user.loggedIn) return null;
  return {
    userId: user.id,
    isAdmin: user.isAdmin,
    isPharmacist: user.isPharmacist,
    isHolder: user.isHolder,
    isPartnerCareClient: user.isPartnerCareClient,
  };
}
