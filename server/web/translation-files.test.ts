import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { prepareTranslationFiles, translationFiles } from "./translation-files.ts";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

describe("translation files", () => {
  const common = { nav: { home: "Accueil", catalogue: "Catalogue" }, words: Array.from({ length: 200 }, (_, i) => `mot ${i % 23}`).join(" ") };
  const href = "/i18n/fr-FR/common.abcdefghijkl.json";
  let origin = "";
  let server: http.Server;

  beforeAll(async () => {
    const files = prepareTranslationFiles(new Map([[href, JSON.stringify(common)]]));
    const app = express();
    app.use(translationFiles(() => files));
    app.use((_req, res) => void res.setHeader("Set-Cookie", "page=1").status(200).send("the pages' handler"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${origin}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  test("Brotli or gzip as accepted, each decoding to the JSON; immutable for a year, JSON, no cookie", async () => {
    const br = await get(href, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString("utf8"))).toEqual(common);
    const gzip = await get(href, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString("utf8"))).toEqual(common);
    const plain = await get(href);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(common);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    }
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  test("an unchanged file is not sent again (ETag), and HEAD has no body", async () => {
    const first = await get(href, { "accept-encoding": "br" });
    const again = await get(href, { "accept-encoding": "br", "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get(href, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  test("an unknown locale, namespace or hash is a 404 without cookie, never the pages' handler", async () => {
    for (const path of [
      "/i18n/de-DE/common.abcdefghijkl.json",
      "/i18n/fr-FR/nothing.abcdefghijkl.json",
      "/i18n/fr-FR/common.000000000000.json",
      "/i18n/",
      "/i18n/fr-FR/common.json",
    ]) {
      const answer = await get(path, { "accept-encoding": "br" });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["set-cookie"], path).toBeUndefined();
      expect(answer.headers["cache-control"], path).toBe("no-store");
    }
    expect((await get(href, {}, "POST")).status).toBe(405);
  });

  test("prepared once per set of bodies, each compressed copy made when first asked for and then kept", async () => {
    const bodies = new Map([["/i18n/es-ES/common.abcdefghijkl.json", JSON.stringify(common)]]);
    const files = prepareTranslationFiles(bodies);
    // Every platform a process starts on the same build shares the files.
    expect(prepareTranslationFiles(bodies)).toBe(files);
    expect(prepareTranslationFiles(new Map(bodies))).not.toBe(files);
    const file = files.get("/i18n/es-ES/common.abcdefghijkl.json")!;
    expect(file.compressed).toEqual({});
    const app = express().use(translationFiles(() => files));
    const lazy = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => lazy.once("listening", resolve));
    try {
      const at = `http://127.0.0.1:${(lazy.address() as AddressInfo).port}/i18n/es-ES/common.abcdefghijkl.json`;
      const first = await fetch(at, { headers: { "accept-encoding": "br" } });
      expect(first.headers.get("content-encoding")).toBe("br");
      expect(await first.json()).toEqual(common);
      expect(Object.keys(file.compressed)).toEqual(["br"]);
      const kept = file.compressed.br;
      await (await fetch(at, { headers: { "accept-encoding": "br" } })).arrayBuffer();
      expect(file.compressed.br).toBe(kept);
    } finally {
      await new Promise((resolve) => lazy.close(resolve));
    }
  });

  test("other paths go on to the next handler", async () => {
    const page = await get("/catalogue");
    expect(page.body.toString()).toBe("the pages' handler");
  });
});
