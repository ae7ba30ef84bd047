import { redirect } from "react-router";
import { BackError } from "~/lib/back.server";

type OtherPlatformData = { token?: unknown; contactId?: unknown; accountId?: unknown; platformUrl?: unknown };

/**
 * A login or account choice answered with an Error carrying a token: the account lives on another
 * host. Returns the redirect to that host's arrival page, or null for any other error.
 */
export function otherPlatformRedirect(error: unknown, slug = "catalogue"): Response | null {
  if (!(error instanceof BackError)) return null;
  const info = (error.data ?? {}) as OtherPlatformData;
  if (typeof info.token !== "string" || !info.token || typeof info.platformUrl !== "string") return null;
  let origin: string;
  try {
    const parsed = new URL(info.platformUrl);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    origin = parsed.origin;
  } catch {
    return null;
  }
  const query = new URLSearchParams({ contactId: String(info.contactId ?? ""), token: info.token, slug });
  if (info.accountId !== null && info.accountId !== undefined && info.accountId !== "") query.set("accountId", String(info.accountId));
  return redirect(`${origin}/connectAsAfterRedirectPlatform?${query}`);
}
