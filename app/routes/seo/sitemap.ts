import type { Route } from "./+types/sitemap";
import { pathLangOf } from "#core/locales.ts";
import { PAGES } from "#core/pages.ts";
import { findPage, pageOnBrand, pagePath, type PathParams } from "#core/page-links.ts";
import { requestStateContext } from "~/lib/context";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

type Entry = { loc: string; lastmod: string | null };

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function pathOrNull(id: string, lang: "fr" | "es", params: PathParams): string | null {
  if (!findPage(id)) return null;
  try {
    return pagePath(id, lang, params);
  } catch {
    return null;
  }
}

/**
 * /sitemap.xml of the host's brand, in its language's paths: the indexable pages of the page table
 * without parameters, then news, experts, content pages and published trainings, with lastmod.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { back, brand } = context.get(requestStateContext);
  const lang = pathLangOf(brand.defaultLocale);
  const origin = new URL(request.url).origin;
  const content = await back.call(contentEndpoints.sitemap);

  const entries: Entry[] = [];
  for (const page of PAGES) {
    if (page.noIndex || !pageOnBrand(page, brand.key)) continue;
    const pattern = page.paths["*"] ?? page.paths[lang];
    if (!pattern || /[:*]/.test(pattern)) continue;
    entries.push({ loc: pattern, lastmod: content.lastmod });
  }
  const add = (id: string, params: PathParams, lastmod: string | null) => {
    const path = pathOrNull(id, lang, params);
    if (path) entries.push({ loc: path, lastmod });
  };
  for (const item of content.news) add("news-detail", { slug: item.slug }, item.lastmod);
  for (const item of content.experts) add("expert", { slug: item.slug }, item.lastmod);
  for (const item of content.pages) add("content-page", { pageSlug: item.slug }, item.lastmod);
  for (const item of content.trainings) add("training", { trainingType: item.type, slug: item.slug }, item.lastmod);

  const seen = new Set<string>();
  const urls = entries
    .filter((entry) => (seen.has(entry.loc) ? false : (seen.add(entry.loc), true)))
    .map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(origin + entry.loc)}</loc>\n${entry.lastmod ? `    <lastmod>${escapeXml(entry.lastmod)}</lastmod>\n` : ""}  </url>`,
    );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600", Vary: "Host, Cookie" },
  });
}
