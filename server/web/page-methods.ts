import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * HTTP methods of the pages (ADR 0021). React Router hands every non-GET request to the route's
 * action, whatever its method: a PUT on a page with a form reached the form's action and failed
 * there (500). Here each page route answers GET and HEAD when it renders, POST when it has an action,
 * OPTIONS always; anything else is a 405 with an `Allow` header, before React Router sees it. A browser (it asks for
 * HTML) gets the 405 as a page of the site (ADR 0110): the request goes on as a GET marked `res.locals.refusedMethod`,
 * never to the action, and the web tier's root answers it with its 405 error page (app/lib/method-refusal.server.ts).
 */

type RouteModule = { loader?: unknown; action?: unknown; default?: unknown };
type Node = RouteObject & { id: string };

const trees = new WeakMap<ServerBuild["routes"], Node[]>();

function routeTree(routes: ServerBuild["routes"]): Node[] {
  let tree = trees.get(routes);
  if (!tree) {
    const build = (parentId: string | undefined): Node[] =>
      Object.values(routes)
        .filter((route) => route?.parentId === parentId)
        .map((route) => {
          const children = build(route!.id);
          return route!.index
            ? { id: route!.id, index: true, caseSensitive: route!.caseSensitive }
            : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children };
        });
    tree = build(undefined);
    trees.set(routes, tree);
  }
  return tree;
}

/** The page path of a request: single-fetch data requests end in ".data" ("/_root.data" is "/"). */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** The methods the route serving `pathname` answers, or null when no route matches. */
export function allowedMethods(build: Pick<ServerBuild, "routes">, pathname: string): string[] | null {
  const matches = matchRoutes(routeTree(build.routes), pagePathOf(pathname));
  const leaf = matches?.[matches.length - 1];
  if (!leaf) return null;
  const module = build.routes[(leaf.route as Node).id]?.module as RouteModule | undefined;
  if (!module) return null;
  const methods: string[] = [];
  if (module.loader || module.default) methods.push("GET", "HEAD");
  if (module.action) methods.push("POST");
  methods.push("OPTIONS");
  return methods;
}

/** Express middleware: 405 + Allow for a method the page does not handle, 204 + Allow for OPTIONS. */
export function pageMethodGuard(getBuild: () => Promise<Pick<ServerBuild, "routes">>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const method = req.method.toUpperCase();
    if (method === "GET" || method === "HEAD") return next();
    try {
      const allowed = allowedMethods(await getBuild(), req.path);
      if (!allowed) return next();
      if (method !== "OPTIONS" && allowed.includes(method)) return next();
      res.setHeader("Allow", allowed.join(", "));
      if (method === "OPTIONS") return void res.status(204).end();
      if (String(req.headers.accept ?? "").includes("text/html")) {
        res.locals.refusedMethod = true;
        req.method = "GET";
        // Never a guest page from the cache for it (server/web/page-cache.ts); a 405 is never stored there.
        req.headers["cache-control"] = "no-cache";
        return next();
      }
      res
        .status(405)
        .type("text/plain")
        .send(`Method Not Allowed. Allow: ${allowed.join(", ")}`);
    } catch (error) {
      next(error);
    }
  };
}
