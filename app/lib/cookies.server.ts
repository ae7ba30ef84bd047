import { parseCookies } from "#core/http/cookies.ts";
export function readCookie(request: Request, name: string): string | undefined {
  return parseCookies(request.headers.get("cookie"))[name];
}

export function plainCookie(name: string, value: string, options: { maxAge: number; secure: boolean; httpOnly?: boolean }) {
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${options.maxAge}`,
    "SameSite=Lax",
    options.httpOnly ? "HttpOnly" : "",
    options.secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}
