import { redirectDocument } from "react-router";
import type { Route } from "./+types/docs-file";
import { notFound } from "~/components/content/content.server";
import { documentResponse, resolveDocument } from "~/components/content/documents.server";
import { contentMeta } from "~/components/content/meta";

const PREFIX = "/docs/";

/**
 * /docs/{path...}: a file of the documents folder, answered by this middleware before any loader
 * runs. Anything else (unknown file, a path trying to leave the folder, a hidden file, an unlisted
 * type) falls through to the loader: the 404 page "Page not found: {path}".
 */
const serveDocument: Route.MiddlewareFunction = async ({ request, url }, next) => {
  if (!url.pathname.startsWith(PREFIX)) return next();
  const doc = await resolveDocument(url.pathname.slice(PREFIX.length));
  if (!doc) return next();
  // A client-side navigation asks for data: make the browser load the file itself.
  if (new URL(request.url).pathname !== url.pathname) throw redirectDocument(url.pathname);
  return documentResponse(doc, request);
};

export const middleware: Route.MiddlewareFunction[] = [serveDocument];

export function loader({ url }: Route.LoaderArgs): never {
  notFound(url);
}

export const meta: Route.MetaFunction = ({ matches, error }) => contentMeta(matches, undefined, error ?? true);

export default function DocumentFile() {
  return null;
}
