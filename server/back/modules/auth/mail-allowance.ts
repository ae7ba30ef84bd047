import { AppError } from "../../http/app-error.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import { LOGIN_WINDOW_MINUTES, type LoginFailureStore } from "./rate-limit.ts";

/**
 * Mails that anyone can make the platform send (reset links, messages to an advisor) are limited per scope
 * (an e-mail address, a user) with the login counter of rate-limit.ts: its non-address scopes allow 5 per
 * 15 minutes. Every request counts, whether or not a mail goes out, so the limit tells nothing about accounts.
 */
export async function takeMailAllowance(store: LoginFailureStore, scope: string, now: Date, messageKey: MessageKey): Promise<void> {
  // acquire checks and counts in one step, so parallel requests cannot slip past the limit together.
  const refused = await store.acquire([`mail:${scope}`], now);
  if (refused) throw new AppError("RATE_LIMITED", messageKey, { values: { minutes: LOGIN_WINDOW_MINUTES } });
}
