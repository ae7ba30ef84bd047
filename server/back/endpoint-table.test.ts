// Every route the back API serves is one endpoint object of core/contract/endpoints (issue 31), mounted with
// register(): its method and path, schemas and access rule in one place that both tiers read.
import { describe, expect, test } from "vitest";
import { ENDPOINTS } from "#core/contract/endpoints/index.ts";
import type { BackDeps } from "./context.ts";
import { createBackApp } from "./app.ts";
import { REGISTERED } from "./http/register.ts";

const API = "/back/api";

/**
 * Routes still declared the old way (a path string and their own parsing), to convert to endpoint objects: this list
 * only shrinks. Outside /back/api, the CSRF cookie and the sandbox payment pages are the browser's, not the API's.
 */
const NOT_YET_ENDPOINTS = new Set<string>([
  "GET /back/api/shop/products",
  "GET /back/api/shop/cart",
  "POST /back/api/shop/add/products",
  "POST /back/api/shop/remove/product",
  "POST /back/api/shop/getAvailableFunctions/product",
  "POST /back/api/shop/setProductFunction/product",
  "POST /back/api/shop/getAvailableFundings/product",
  "POST /back/api/shop/setProductFunding/product",
  "POST /back/api/shop/setProductSession/product",
  "POST /back/api/shop/addDiscount/:code",
  "GET /back/api/shop/addDiscount/:code",
  "GET /back/api/shop/getPaymentToken",
  "GET /back/api/shop/paymentForm/:id",
  "POST /back/api/shop/freePayment",
  "GET /back/api/shop/payByCheck",
  "GET /back/api/shop/command/:id",
  "GET /back/api/shop/invoice/:id",
  "GET /back/api/shop/creditNote/:id",
  "POST /back/api/admin/shop/orders/:id/markPaid",
  "POST /back/api/shop/payments/notify/:provider",
]);
const OUTSIDE_API = new Set(["GET /back/sanctum/csrf-cookie", "GET /back/payments/sandbox/:token", "POST /back/payments/sandbox/:token"]);

/** Building the app reads none of its dependencies: they are used per request. */
const app = createBackApp({} as BackDeps);
const served = [...new Set(app.routes.filter((route) => route.method !== "ALL" && !route.path.includes("*")).map((route) => `${route.method} ${route.path}`))];

describe("the endpoint table", () => {
  test("every route Hono serves has its endpoint object, mounted with register()", () => {
    const known = new Set(ENDPOINTS.map((e) => `${e.method} ${API}${e.path}`));
    const missing = served.filter((route) => !known.has(route) && !NOT_YET_ENDPOINTS.has(route) && !OUTSIDE_API.has(route));
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

  test("the list of routes not yet converted only names routes that exist and have no endpoint object", () => {
    const known = new Set(ENDPOINTS.map((e) => `${e.method} ${API}${e.path}`));
    expect([...NOT_YET_ENDPOINTS].filter((route) => !served.includes(route) || known.has(route))).toEqual([]);
  });
});
