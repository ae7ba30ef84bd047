import { parseCookies } from "#core/http/cookies.ts";

/**
 * The browser's side of the back API's CSRF guard (the server's side is back.server.ts): the XSRF-TOKEN cookie,
 * fetched once from /back/sanctum/csrf-cookie when missing, echoed in the X-XSRF-TOKEN header. The few calls the
 * browser makes to the API itself (video position, channel authorisation) go through `fetchWithXsrf`.
 */
export const XSRF_COOKIE = "XSRF-TOKEN";

export function xsrfToken(): string | undefined {
  return parseCookies(document.cookie)[XSRF_COOKIE];
}

/** A same-origin call to the back API with the XSRF header (the cookie is asked for first when missing). */
export async function fetchWithXsrf(path: string, init: RequestInit = {}): Promise<Response> {
  if (!xsrfToken()) await fetch("/back/sanctum/csrf-cookie", { credentials: "same-origin" });
  const headers = new Headers(init.headers);
  headers.set("X-XSRF-TOKEN", xsrfToken() ?? "");
  return fetch(path, { ...init, credentials: "same-origin", headers });
}
