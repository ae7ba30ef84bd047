import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { endpoint, fillPath } from "#core/contract/endpoint.ts";
import { IdParams } from "#core/contract/fields.ts";
import { IdParam } from "#core/contract/ids.ts";
import { BRANDS } from "#core/branding/brands.ts";
import type { BackDeps, BackEnv } from "../context.ts";
import { serviceContext } from "../service-context.ts";
import { translator } from "../i18n/messages.ts";
import { AppError } from "./app-error.ts";
import { failure } from "./envelope.ts";
import { ok, register } from "./register.ts";
import { parseQuery } from "./validate.ts";

const echo = endpoint({
  method: "POST",
  path: "/things/:id",
  params: IdParams,
  query: z.strictObject({ page: IdParam.optional() }),
  body: z.strictObject({ name: z.string().min(1) }),
  reply: z.strictObject({ id: z.number(), page: z.number().nullable(), name: z.string() }),
  access: "public",
});
const mine = endpoint({ method: "GET", path: "/mine", reply: z.strictObject({ userId: z.number() }), access: "session" });

/** The back API's envelope of errors (as app.ts), around the registered routes. */
function appWith(register_: (routes: Hono<BackEnv>) => void) {
  const app = new Hono<BackEnv>();
  app.use(async (c, next) => {
    c.set("t", translator("en-US"));
    c.set("session", null);
    // A guest's context: the access rules read nothing of the dependencies for a guest.
    c.set("ctx", serviceContext({} as BackDeps, { brand: BRANDS.fr, locale: "en-US" }));
    await next();
  });
  register_(app);
  app.onError((error, c) => {
    if (!(error instanceof AppError)) throw error;
    return failure(c, error.status as 422, error.messageKey, error.options.fields ? { errors: error.options.fields } : null);
  });
  return app;
}

const post = (app: Hono<BackEnv>, path: string, body: unknown) =>
  app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("register: one endpoint object mounts its route", () => {
  const app = appWith((routes) => {
    register(routes, echo, async (_c, { params, query, body }) => ok({ id: params.id, page: query.page ?? null, name: body.name }, "done", 201));
    register(routes, mine, async (_c, { caller }) => ok({ userId: caller.userId }));
  });

  test("params, query and body reach the handler parsed; its data is the envelope's", async () => {
    const reply = await post(app, "/things/12?page=3", { name: "Ana" });
    expect(reply.status).toBe(201);
    expect(await reply.json()).toEqual({ status: "Success", message: "done", data: { id: 12, page: 3, name: "Ana" } });
  });

  test("bad params, query or body: a 422 naming the field, before the handler runs", async () => {
    const badId = await post(app, "/things/0", { name: "Ana" });
    expect(badId.status).toBe(422);
    expect(Object.keys((await badId.json()).data.errors)).toEqual(["id"]);
    const badQuery = await post(app, "/things/1?page=x", { name: "Ana" });
    expect(Object.keys((await badQuery.json()).data.errors)).toEqual(["page"]);
    const badBody = await post(app, "/things/1", { name: "" });
    expect(badBody.status).toBe(422);
    expect(Object.keys((await badBody.json()).data.errors)).toEqual(["name"]);
  });

  test("only its method is served", async () => {
    expect((await app.request("/things/1")).status).toBe(404);
  });

  test("its access rule is applied first: a guest gets its 401", async () => {
    const reply = await app.request("/mine");
    expect(reply.status).toBe(401);
    expect((await reply.json()).message).toBe("unauthenticated");
  });
});

describe("parseQuery", () => {
  const t = translator("en-US");
  const fieldsOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError) return error.options.fields;
      throw error;
    }
    return null;
  };

  test("a value the schema drops (a list query's fallback) may hold a NUL; a value it keeps may not", () => {
    const fallback = z.object({ brand: z.enum(["fr", "be"]).optional().catch(undefined) });
    expect(parseQuery(fallback, { brand: "a\u0000b" }, t)).toEqual({ brand: undefined });
    expect(Object.keys(fieldsOf(() => parseQuery(z.object({ q: z.string() }), { q: "a\u0000b" }, t)) ?? {})).toEqual(["q"]);
  });

  test("a value the schema refuses: the 422 of parseInput", () => {
    expect(Object.keys(fieldsOf(() => parseQuery(z.strictObject({ page: IdParam }), { page: "x" }, t)) ?? {})).toEqual(["page"]);
  });
});

describe("endpoint objects", () => {
  test("the params schema must name the path's parameters", () => {
    expect(() => endpoint({ method: "GET", path: "/a/:id/:day", params: IdParams, reply: "file", access: "public" })).toThrow(/\[id\], the path \[day, id\]/);
    expect(() => endpoint({ method: "GET", path: "/a/:id", reply: "file", access: "public" })).toThrow(/params/);
  });

  test("only a GET is marked as changing state", () => {
    expect(() => endpoint({ method: "POST", path: "/a", reply: "file", access: "public", changesState: true })).toThrow(/changesState/);
  });

  test("fillPath encodes each parameter and refuses a missing one", () => {
    expect(fillPath("/a/:slug/b/:id", { slug: "é/x", id: 3 })).toBe("/a/%C3%A9%2Fx/b/3");
    expect(() => fillPath("/a/:id", {})).toThrow(/:id/);
  });
});
