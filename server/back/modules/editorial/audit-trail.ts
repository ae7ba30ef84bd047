import type { DbOrTx } from "../../../db/client.ts";
import { recordAdminChange, type AdminChange } from "../audit/audit.service.ts";

/**
 * Every change of the back office part B goes through here, inside the transaction of the change, so the audit log
 * (recordAdminChange, ADR 0060) holds who, when, what, before and after, or nothing happened.
 */
export type { AdminChange };

export async function auditChange(tx: DbOrTx, change: AdminChange): Promise<void> {
  await recordAdminChange(tx, change);
}
