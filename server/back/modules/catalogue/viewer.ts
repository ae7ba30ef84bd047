import type { ServiceContext } from "../../service-context.ts";
import { sessionUserPayload } from "../user/user.service.ts";

/** What the catalogue needs to know about the visitor (null for a guest). */
export type Viewer = {
  userId: number;
  isAdmin: boolean;
  isPharmacist: boolean;
  isHolder: boolean;
  isPartnerCareClient: boolean;
};

export async function loadViewer(ctx: ServiceContext): Promise<Viewer | null> {
  const user = await sessionUserPayload(ctx);
  if (!user.loggedIn) return null;
  return {
    userId: user.id,
    isAdmin: user.isAdmin,
    isPharmacist: user.isPharmacist,
    isHolder: user.isHolder,
    isPartnerCareClient: user.isPartnerCareClient,
  };
}
