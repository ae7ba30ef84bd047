// The patch of React Router's route matching (patches/react-router+7.18.4.patch, decision 0135): the matches of a
// path are remembered per array of ranked branches; what a request is matched to must not change.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createStaticHandler, type RouteObject } from "react-router";
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
        .filter((file) => /^chunk-.*\.m?js$/.test(file) && fs.readFileSync(path.join(dist, build, file), "utf8").includes("function matchCacheOf("))
        .map((file) => path.extname(file))
        .sort();
    // Node's "node" condition names the development build; the browser build is the production one (ADR 0132).
    expect(patchedIn("development")).toEqual([".js", ".mjs"]);
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
});
