import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { failure, success } from "./http/envelope.ts";
import { bodilessRequest, callInProcess } from "./in-process.ts";

describe("in-process back calls (ADR 0144)", () => {
  const app = new Hono();
  app.get("/ok", (c) => success(c, { seen: c.req.header("x-probe"), query: c.req.query("q"), method: c.req.method }));
  app.get("/refused", (c) => failure(c, 403, "Refused", { why: "test" }));
  app.get("/file", (c) => c.body("%PDF-1.7", 200, { "Content-Type": "application/pdf" }));
  app.get("/late-header", async (c, next) => {
    await next();
    c.header("x-after", "1");
  });
  app.get("/late-header", (c) => success(c, { late: true }));
  app.post("/echo", async (c) => success(c, { body: await c.req.json() }));

  const call = (method: string, path: string, body?: string) =>
    callInProcess(app.fetch, { method, url: `http://in-process${path}`, headers: new Headers({ "x-probe": "yes", "content-type": "application/json" }), body });

  test("an envelope comes back as the text the back API wrote, the same as its body", async () => {
    const answer = await call("GET", "/ok?q=a+b");
    expect(answer.envelopeText).toBe(JSON.stringify({ status: "Success", message: "OK", data: { seen: "yes", query: "a b", method: "GET" } }));
    expect(answer.response.headers.get("content-type")).toBe("application/json");
    expect(await answer.response.text()).toBe(answer.envelopeText);

    const refused = await call("GET", "/refused");
    expect(refused.response.status).toBe(403);
    expect(JSON.parse(refused.envelopeText!)).toEqual({ status: "Error", message: "Refused", data: { why: "test" } });
  });

  test("a file, or a reply made again after a late header, has no envelope text: its body is read", async () => {
    const file = await call("GET", "/file");
    expect(file.envelopeText).toBeNull();
    expect(await file.response.text()).toBe("%PDF-1.7");

    const late = await call("GET", "/late-header");
    expect(late.response.headers.get("x-after")).toBe("1");
    expect(late.envelopeText).toBeNull();
    expect(await late.response.json()).toMatchObject({ data: { late: true } });
  });

  test("a call with a body goes as a real Request", async () => {
    const answer = await call("POST", "/echo", JSON.stringify({ a: 1 }));
    expect(JSON.parse(answer.envelopeText!)).toMatchObject({ data: { body: { a: 1 } } });
  });

  test("a bodiless request answers every Request member, the rest from a real Request made on first use", async () => {
    const headers = new Headers({ cookie: "sid=1" });
    const request = bodilessRequest({ method: "GET", url: "http://in-process/back/api/user?x=1", headers });
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe("GET");
    expect(request.url).toBe("http://in-process/back/api/user?x=1");
    expect(request.headers).toBe(headers);
    expect(request.body).toBeNull();
    expect(request.bodyUsed).toBe(false);
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.signal.aborted).toBe(false);
    expect(request.redirect).toBe("follow");
    expect(await request.text()).toBe("");
    const copy = request.clone();
    expect(copy.url).toBe(request.url);
    expect(copy.headers.get("cookie")).toBe("sid=1");
  });
});
