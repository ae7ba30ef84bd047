import { layout, route, type RouteConfig } from "@react-router/dev/routes";
import { PAGES, type Layout, type PageDef } from "#core/pages.ts";

const LAYOUT_FILES: Record<Layout, string> = {
  default: "routes/layouts/default.tsx",
  feedback: "routes/layouts/feedback.tsx",
  none: "routes/layouts/no-layout.tsx",
  "connect-as-farline": "routes/layouts/connect-as-farline.tsx",
};

/** Each page once per language path, with ids "<page>" (shared path) or "<page>.<lang>". */
function registerPage(page: PageDef) {
  return Object.entries(page.paths).map(([lang, path]) =>
    route(path, page.file, { id: lang === "*" ? page.id : `${page.id}.${lang}` }),
  );
}

export default [
  ...(Object.keys(LAYOUT_FILES) as Layout[]).map((name) =>
    layout(LAYOUT_FILES[name], { id: `layout.${name}` }, PAGES.filter((p) => p.layout === name).flatMap(registerPage)),
  ),
  route("/locale", "routes/system/set-locale.ts", { id: "system.set-locale" }),
  route("/consent-cookies", "routes/system/cookie-consent.ts", { id: "system.cookie-consent" }),
  route("/notifications/read", "routes/system/notifications-read.ts", { id: "system.notifications-read" }),
  route("/build-manifest.json", "routes/system/build-manifest.ts", { id: "system.build-manifest" }),
  route("/sitemap.xml", "routes/seo/sitemap.ts", { id: "seo.sitemap" }),
  route("/robots.txt", "routes/seo/robots.ts", { id: "seo.robots" }),
  route("*", "routes/system/not-found.tsx", { id: "system.not-found" }),
] satisfies RouteConfig;
