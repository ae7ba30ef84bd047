import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { orders } from "../../../db/schema/index.ts";

/**
 * Takes the right to mail a pending cheque order's instructions: true for the one call that marks the order mailed,
 * false for every other (the order already mailed, no longer pending, or not a cheque order). One conditional update:
 * two requests at once cannot both win.
 */
export async function claimChequeInstructionsMail(db: Db, orderId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ chequeInstructionsMailedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending"), eq(orders.paymentMethod, "check"), isNull(orders.chequeInstructionsMailedAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}
