/** Client events (`client-*`): private and presence channels only, never echoed, rate and size limited. */
import { allowsClientEvents, isClientEventName } from "./channels.ts";
import type { ClientConnection } from "./connection.ts";
import type { RealtimeContext } from "./context.ts";
import { byteLength, encodeChannelEvent, ErrorOnlyCode, type InboundFrame } from "./protocol.ts";

function reject(connection: ClientConnection, message: string): void {
  connection.sendError(ErrorOnlyCode.clientEventRejected, message);
}

export async function handleClientEvent(context: RealtimeContext, connection: ClientConnection, frame: InboundFrame, now: number): Promise<void> {
  const { limits } = context.config;
  if (!isClientEventName(frame.event)) return reject(connection, `Unsupported event "${frame.event.slice(0, 50)}": client events must start with client-`);
  if (frame.event.length > limits.maxEventNameLength) return reject(connection, "Client event name too long");
  const channel = frame.channel;
  if (channel === undefined) return reject(connection, "Client events require a channel");
  const subscription = connection.subscriptions.get(channel);
  if (subscription === undefined || subscription.state !== "active") {
    return reject(connection, `Client event rejected: not subscribed to ${channel}`);
  }
  if (!allowsClientEvents(subscription.kind)) {
    return reject(connection, "Client events are only allowed on private and presence channels");
  }
  if (byteLength(frame.data) > limits.maxEventDataBytes) {
    return reject(connection, `Client event data exceeds ${limits.maxEventDataBytes} bytes`);
  }
  if (!connection.takeClientEventSlot(now)) {
    return reject(connection, `Client event rejected: more than ${limits.clientEventsPerSecond} per second`);
  }
  const userId = subscription.kind === "presence" ? subscription.userId : undefined;
  await context.broadcastFrame(channel, encodeChannelEvent(frame.event, channel, frame.data, userId), connection.socketId);
}
