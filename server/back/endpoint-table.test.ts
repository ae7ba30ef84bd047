// Every route the back API serves is one endpoint object of core/contract/endpoints (issue 31), mounted with
// register(): its method and path, schemas and access rule in one place that both tiers read.
import { describe, expect, test } from "vitest";
import { ENDPOINTS } from "#core/contract/endpoints/index.ts";
import type { BackDeps } from "./context.ts";
import { createBackApp } from "./app.ts";
import { REGISTERED } from "./http/register.ts";

const API = "/back/api";

/** Outside /back/api, the CSRF cookie and the sandbox payment pages are the browser's, not the API's. */
const OUTSIDE_API = new Set(["GET /back/sanctum/csrf-cookie", "GET /back/payments/sandbox/:token", "POST /back/payments/sandbox/:token"]);

/** Building the app reads none of its dependencies: they are used per request. */
const app = createBackApp({} as BackDeps);
const served = [...new Set(app.routes.filter((route) => route.method !== "ALL" && !route.path.includes("*")).map((route) => `${route.method} ${route.path}`))];

describe("the endpoint table", () => {
  test("every route Hono serves has its endpoint object, mounted with register()", () => {
    const known = new Set(ENDPOINTS.map((e) => `${e.method} ${API}${e.path}`));
    const missing = served.filter((route) => !known.has(route) && !OUTSIDE_API.has(route));
    expect(missing, "routes without an endpoint object").toEqual([]);
    expect(
      ENDPOINTS.filter((e) => !REGISTERED.has(e)).map((e) => `${e.method} ${e.path}`),
      "endpoint objects no route registers",
    ).toEqual([]);
  });

  test("every endpoint object is served, once", () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${API}${e.path}`);
    expect(
      keys.filter((key) => !served.includes(key)),
      "endpoint objects of no route",
    ).toEqual([]);
    expect(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      "endpoint objects declared twice",
    ).toEqual([]);
  });
});
