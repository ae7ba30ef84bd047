import fs from "node:fs/promises";
import { redirectDocument } from "react-router";
import type { Route } from "./+types/docs-file";
import { BackLink } from "~/components/content/back-link";
import { notFound } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { documentResponse, resolveDocument } from "~/routes/content/docs.server";
import { RichText } from "~/components/content/rich-text";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { renderMarkdown } from "~/lib/markdown";
import { pageMeta } from "~/lib/meta";

const PREFIX = "/docs/";

const isMarkdown = (name: string) => name.toLowerCase().endsWith(".md");

/**
 * /docs/{path...}: a file of the documents folder, answered by this middleware before any loader
 * runs, except Markdown documents, which the loader renders as a page of the site. Anything else (unknown file, a path
 * trying to leave the folder, a hidden file, an unlisted type) falls through to the loader: the 404 page
 * "Page not found: {path}".
 */
const serveDocument: Route.MiddlewareFunction = async ({ request, url }, next) => {
  if (!url.pathname.startsWith(PREFIX)) return next();
  const doc = await resolveDocument(url.pathname.slice(PREFIX.length));
  if (!doc || isMarkdown(doc.name)) return next();
  // A client-side navigation asks for data: make the browser load the file itself.
  if (new URL(request.url).pathname !== url.pathname) throw redirectDocument(url.pathname);
  return documentResponse(doc, request);
};

export const middleware: Route.MiddlewareFunction[] = [serveDocument];

export async function loader({ url }: Route.LoaderArgs) {
  const doc = url.pathname.startsWith(PREFIX) ? await resolveDocument(url.pathname.slice(PREFIX.length)) : null;
  if (!doc || !isMarkdown(doc.name)) notFound(url);
  const { html, title } = renderMarkdown(await fs.readFile(doc.file, "utf8"));
  const heading = title ?? doc.name.replace(/\.md$/i, "");
  // The first heading is the page's own <h1>.
  const body = title === null ? html : html.replace(/^<h1>.*?<\/h1>\n?/, "");
  return { html: body, meta: { title: heading } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const path = usePagePath();
  return (
    <ContentMain title={loaderData.meta.title} before={<BackLink to={path("docs")}>{t("docs.back")}</BackLink>} testId="markdown-document">
      {/* Escaped and link-checked by renderMarkdown: no HTML of the file reaches the page. */}
      <RichText html={loaderData.html} testId="markdown-body" />
    </ContentMain>
  );
}
