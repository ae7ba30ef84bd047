/**
 * The platform's channel names (DESIGN.md section 9):
 * `private-user.{userId}`, `private-account.{accountId}`, `private-cart.{cartId with dots as dashes}`, public `platform`.
 * Pure functions without Node imports, so the web tier can share them.
 */

export const PLATFORM_CHANNEL = "platform";

const ID_PATTERN = /^[A-Za-z0-9_\-=@,;]+$/;

function parseIdChannel(channelName: string, prefix: string): string | null {
  if (!channelName.startsWith(prefix)) return null;
  const id = channelName.slice(prefix.length);
  return ID_PATTERN.test(id) ? id : null;
}

/** `private-user.42` -> `"42"`; anything else -> null. */
export function parseUserChannel(channelName: string): string | null {
  return parseIdChannel(channelName, "private-user.");
}

/** `private-account.7` -> `"7"`; anything else -> null. */
export function parseAccountChannel(channelName: string): string | null {
  return parseIdChannel(channelName, "private-account.");
}

/**
 * `private-cart.abc-123` -> `"abc-123"`, the cart id with its dots already replaced by dashes (the mapping is not
 * reversible); authorise by comparing with `cartChannelName(cart.id)` of the carts the user owns.
 */
export function parseCartChannel(channelName: string): string | null {
  return parseIdChannel(channelName, "private-cart.");
}

export function userChannelName(userId: string | number): string {
  return `private-user.${requireId(String(userId))}`;
}

export function accountChannelName(accountId: string | number): string {
  return `private-account.${requireId(String(accountId))}`;
}

export function cartChannelName(cartId: string | number): string {
  return `private-cart.${requireId(String(cartId).replaceAll(".", "-"))}`;
}

function requireId(id: string): string {
  if (!ID_PATTERN.test(id)) throw new Error(`Id not usable in a channel name: ${JSON.stringify(id)}`);
  return id;
}
