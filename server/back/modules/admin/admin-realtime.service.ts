import { PLATFORM_CHANNEL, userChannelName } from "../../../realtime/app-channels.ts";
import type { ServiceContext } from "../../service-context.ts";
import { recordAdminChange } from "../audit/audit.service.ts";

/**
 * Asks open pages to reload (after a deployment or a content fix): everyone's, or one user's. The audit row
 * (`pages.reload`, ADR 0060) is written in a transaction that the push ends: a push that fails leaves no row.
 */
export async function reloadOpenPages(
  ctx: ServiceContext,
  actorId: number,
  input: { scope: "platform" | "user"; userId?: number },
): Promise<{ channel: string }> {
  const channel = input.scope === "user" && input.userId ? userChannelName(input.userId) : PLATFORM_CHANNEL;
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "pages.reload", entityType: "channel", entityId: channel, before: null, after: { scope: input.scope, userId: input.userId ?? null } },
      at,
    );
    await ctx.broadcaster.broadcast(channel, "ReloadEvent", { at: at.toISOString() });
  });
  return { channel };
}
