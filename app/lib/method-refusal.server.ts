import type { MiddlewareFunction } from "react-router";
import { serverConfigContext } from "./context";
import { refuse } from "./errors.server";

/**
 * A browser's request with a method its page does not answer (a PUT, a POST on a page without a form) reaches the
 * web tier as a GET marked by the host (server/web/page-methods.ts): the root answers it with the 405 error page, in
 * the site's layout and the visitor's language, before any loader or action runs.
 */
export const methodRefusalMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  if (context.get(serverConfigContext).refusedMethod) await refuse(405, { request, url, context });
  return next();
};
