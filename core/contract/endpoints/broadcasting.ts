/** Pusher channel authorisation for the page's realtime island (ADR 0007). */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";

/** The form fields pusher-js posts. */
export const ChannelAuthSchema = z.object({
  socket_id: z.string().min(3).max(50),
  channel_name: z.string().min(1).max(200),
});

export const broadcastingEndpoints = {
  /**
   * The signed `auth` of one channel (the island unwraps it for pusher-js). A guest is refused before the body is
   * judged, except for a cart's channel (the anonymous cart's cookie owns it): the handler parses ChannelAuthSchema.
   */
  auth: endpoint({
    method: "POST",
    path: "/broadcasting/auth",
    body: "inHandler",
    reply: z.strictObject({ auth: z.string(), channel_data: z.string().optional() }),
    access: "public",
  }),
};
