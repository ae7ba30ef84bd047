import { randomInt } from "node:crypto";

const SOCKET_ID_PATTERN = /^\d+\.\d+$/;

/**
 * `digits.digits`, as pusher-http-node, pusher-php-server and Laravel's toOthers() require.
 * Two independent 1..2^47 random integers make collisions across instances negligible without coordination.
 */
export function generateSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
}

export function isValidSocketId(value: unknown): value is string {
  return typeof value === "string" && value.length <= 64 && SOCKET_ID_PATTERN.test(value);
}
