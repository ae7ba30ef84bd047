/** The public sign-up's writes besides the user row (user.repository) and the billing profile (billing.repository). */
import type { DbOrTx } from "../../../db/client.ts";
import { contracts } from "../../../db/schema/index.ts";
import { SHOP_CONTRACT_TYPE } from "#core/domain/user-state.ts";

/** The personal shop contract that makes the new user a shop customer (ADR 0021). */
export async function insertShopContract(
  db: DbOrTx,
  values: { userId: number; productName: string; validFrom: string; validUntil: string; signedAt: Date },
): Promise<void> {
  await db.insert(contracts).values({ ...values, accountId: null, type: SHOP_CONTRACT_TYPE, createdAt: values.signedAt });
}
