import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { CAMPUS_COOKIE, parseBrandHosts, resolveBrand } from "#core/branding/resolve-brand.ts";
import { parseCookies } from "#core/http/cookies.ts";

/**
 * /favicon.ico, which browsers ask for on any page that names no icon (and some clients always): the brand's own icon
 * (`favicon` in core/branding/brands.ts, an SVG under public/brands/), the brand chosen by the host and the campus
 * cookie as for every page. "no-cache": the browser checks it again (its ETag), since the campus cookie changes the
 * brand on the Spanish host.
 */
export function brandFavicon(brandHosts: string, publicDir: string) {
  const hosts = parseBrandHosts(brandHosts);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== "/favicon.ico" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const { brand } = resolveBrand(req.headers.host, hosts, parseCookies(req.headers.cookie)[CAMPUS_COOKIE]);
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(path.join(publicDir, brand.favicon), { cacheControl: false }, (error) => {
      if (error) next(error);
    });
  };
}
