import type { DbOrTx } from "../../../db/client.ts";

/**
 * Every change of the back office part B goes through here, inside the transaction of the change, so the audit log
 * (admin-a's audit module, recordAdminChange) holds who, when, what, before and after, or nothing happened.
 */
export type AdminChange = {
  actorId: number;
  action: string;
  entityType: string;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
};

export async function auditChange(_tx: DbOrTx, _change: AdminChange): Promise<void> {
  // Wired to recordAdminChange when the audit module lands (issue 16 part A).
}
