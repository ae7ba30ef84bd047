import { layout, route, type RouteConfig } from "@react-router/dev/routes";
import { PAGE_AREAS, PAGES, type Layout, type PageDef } from "#core/pages.ts";
import { SYSTEM_PATHS } from "#core/page-links.ts";

const LAYOUT_FILES: Record<Layout, string> = {
  default: "routes/layouts/default.tsx",
  feedback: "routes/layouts/feedback.tsx",
  none: "routes/layouts/no-layout.tsx",
  "connect-as-farline": "routes/layouts/connect-as-farline.tsx",
};

/** Each page once per language path, with ids "<page>" (shared path) or "<page>.<lang>". */
function registerPage(page: PageDef) {
  return Object.entries(page.paths).map(([lang, path]) => route(path, page.file, { id: lang === "*" ? page.id : `${page.id}.${lang}` }));
}

/**
 * A layout's pages: the public ones directly, the others under their area's layout, whose middleware enforces the
 * area's rule (app/lib/area-guards.server.ts). An area gets its layout route in a page layout only when it has a page
 * in that layout.
 */
function layoutChildren(name: Layout) {
  const pages = PAGES.filter((p) => p.layout === name);
  return [
    ...pages.filter((p) => !p.area).flatMap(registerPage),
    ...PAGE_AREAS.flatMap((area) => {
      const inArea = pages.filter((p) => p.area === area);
      return inArea.length ? [layout(`routes/layouts/areas/${area}.tsx`, { id: `area.${area}.${name}` }, inArea.flatMap(registerPage))] : [];
    }),
  ];
}

export default [
  ...(Object.keys(LAYOUT_FILES) as Layout[]).map((name) => layout(LAYOUT_FILES[name], { id: `layout.${name}` }, layoutChildren(name))),
  route(SYSTEM_PATHS.setLocale, "routes/system/set-locale.ts", { id: "system.set-locale" }),
  route(SYSTEM_PATHS.cookieConsent, "routes/system/cookie-consent.ts", { id: "system.cookie-consent" }),
  route(SYSTEM_PATHS.notificationsRead, "routes/system/notifications-read.ts", { id: "system.notifications-read" }),
  route("/build-manifest.json", "routes/system/build-manifest.ts", { id: "system.build-manifest" }),
  route("/sitemap.xml", "routes/seo/sitemap.ts", { id: "seo.sitemap" }),
  route("/robots.txt", "routes/seo/robots.ts", { id: "seo.robots" }),
  route("*", "routes/system/not-found.tsx", { id: "system.not-found" }),
] satisfies RouteConfig;
