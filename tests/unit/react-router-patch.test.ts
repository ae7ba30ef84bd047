// The patch of React Router (patches/react-router+7.18.4.patch, decision 0135): the matches of a path are remembered
// per array of ranked branches, and a render's routes are made once per set of routes; what a request is matched to,
// and what a page renders, must not change.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";

const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "layout", children: [{ id: "course", path: "formations/:slug" }] },
      { id: "catalogue", path: "catalogue" },
      { id: "docs", path: "docs/*" },
    ],
  },
];

async function matchesOf(handler: ReturnType<typeof createStaticHandler>, url: string) {
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return context.matches;
}

describe("React Router's remembered route matches", () => {
  test("the installed React Router carries the patch in the build the server runs (ES module and CommonJS), not in the browser's", () => {
    const require = createRequire(import.meta.url);
    const dist = path.join(path.dirname(require.resolve("react-router/package.json")), "dist");
    const patchedIn = (build: string) =>
      fs
        .readdirSync(path.join(dist, build))
        .filter((file) => file.endsWith("js"))
        .flatMap((file) => {
          const code = fs.readFileSync(path.join(dist, build, file), "utf8");
          return ["matchCacheOf", "serverRoutesOf", "staticDataRoutesOf"]
            .filter((name) => code.includes(`function ${name}(`))
            .map((name) => `${name} ${path.extname(file)}`);
        })
        .sort();
    // Node's "node" condition names the development build; the browser build is the production one (ADR 0132).
    expect(patchedIn("development")).toEqual(
      [".js", ".mjs"].flatMap((ext) => [`matchCacheOf ${ext}`, `serverRoutesOf ${ext}`, `staticDataRoutesOf ${ext}`]).sort(),
    );
    expect(patchedIn("production")).toEqual([]);
  });

  test("each path gets its own matches and params, asked in any order and again", async () => {
    const handler = createStaticHandler(routes);
    const first = await matchesOf(handler, "/formations/premiers-secours");
    const other = await matchesOf(handler, "/formations/vaccination");
    const again = await matchesOf(handler, "/formations/premiers-secours");
    expect(first.map((m) => m.route.id)).toEqual(["root", "layout", "course"]);
    expect(first.at(-1)?.params).toEqual({ slug: "premiers-secours" });
    expect(other.at(-1)?.params).toEqual({ slug: "vaccination" });
    expect(again.map((m) => [m.route.id, m.pathname, m.params])).toEqual(first.map((m) => [m.route.id, m.pathname, m.params]));
    expect((await matchesOf(handler, "/docs/fr/guide.md")).at(-1)?.params).toEqual({ "*": "fr/guide.md" });
    expect((await matchesOf(handler, "/catalogue")).at(-1)?.route.id).toBe("catalogue");
  });

  test("an unknown path is remembered as no match, and still answers 404", async () => {
    const handler = createStaticHandler(routes);
    for (let i = 0; i < 2; i++) {
      const context = await handler.query(new Request("http://localhost/nulle-part/ici"));
      expect(context instanceof Response ? context.status : context.statusCode).toBe(404);
    }
  });

  test("two renders of the same routes, each with its own data, show each their own", async () => {
    function Course() {
      const { title } = useLoaderData() as { title: string };
      return createElement("h1", null, title);
    }
    let title = "";
    const pages: RouteObject[] = [{ id: "course", path: "/formations/:slug", loader: () => ({ title }), Component: Course }];
    const handler = createStaticHandler(pages);
    const render = async (slug: string, shown: string) => {
      title = shown;
      const context = await handler.query(new Request(`http://localhost/formations/${slug}`));
      if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
      return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
    };
    expect(await render("premiers-secours", "Premiers secours")).toContain("<h1>Premiers secours</h1>");
    expect(await render("vaccination", "Vaccination")).toContain("<h1>Vaccination</h1>");
    expect(await render("premiers-secours", "Premiers secours, 2e édition")).toContain("<h1>Premiers secours, 2e édition</h1>");
  });
});
