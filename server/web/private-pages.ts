import type { NextFunction, Request, Response } from "express";

/**
 * A page rendered for someone logged in is theirs alone: no shared cache (proxy, CDN) may keep it, and the browser
 * does not store it either (it is re-rendered on back/forward after a logout). Applied when the headers go out,
 * so that a route's own Cache-Control cannot loosen it.
 */
export function privatePagesForSessions(req: Request, res: Response, next: NextFunction) {
  if (!/(?:^|;\s*)sid=/.test(req.headers.cookie ?? "")) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    const type = String(res.getHeader("content-type") ?? "");
    if (type.startsWith("text/html") || req.path.endsWith(".data")) {
      res.setHeader("Cache-Control", "private, no-store");
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
}
