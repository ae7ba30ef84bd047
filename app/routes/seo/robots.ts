import type { Route } from "./+types/robots";

/** Private areas (account, pharmacy management, administration) and the API stay out of search engines. */
export const DISALLOWED = ["/compte", "/cuenta", "/gestion", "/administracion", "/admin", "/back"];

/** /robots.txt of the host: the private areas disallowed, and this host's sitemap. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = ["User-agent: *", "Allow: /", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
