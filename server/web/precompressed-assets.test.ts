import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compressFile } from "../../scripts/lib/precompress-assets.ts";
import { chooseEncoding, precompressedAssets } from "./precompressed-assets.ts";

describe("chooseEncoding", () => {
  test("Brotli first, then gzip, from what the browser accepts and the copies there are", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", ["br", "gzip"])).toBe("br");
    expect(chooseEncoding("gzip, deflate", ["br", "gzip"])).toBe("gzip");
    expect(chooseEncoding("gzip, deflate, br", ["gzip"])).toBe("gzip");
    expect(chooseEncoding("br", ["gzip"])).toBeNull();
  });

  test("q=0 refuses an encoding, weights order them, * stands for the others", () => {
    expect(chooseEncoding("br;q=0, gzip", ["br", "gzip"])).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8", ["br", "gzip"])).toBe("gzip");
    expect(chooseEncoding("*", ["br", "gzip"])).toBe("br");
    expect(chooseEncoding("*;q=0, gzip", ["br", "gzip"])).toBe("gzip");
    expect(chooseEncoding("gzip;q=0, br;q=0", ["br", "gzip"])).toBeNull();
    expect(chooseEncoding("gzip;q=abc", ["gzip"])).toBeNull();
  });

  test("no header or identity only: the file as it is", () => {
    expect(chooseEncoding(undefined, ["br", "gzip"])).toBeNull();
    expect(chooseEncoding("", ["br", "gzip"])).toBeNull();
    expect(chooseEncoding("identity", ["br", "gzip"])).toBeNull();
  });
});

describe("precompressedAssets", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i % 37}`))};\n`;
  let origin = "";
  let server: ReturnType<express.Express["listen"]>;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, "app-abc123.js"), script);
    fs.writeFileSync(path.join(dir, "plain-def456.js"), "export {};\n");
    await compressFile(path.join(dir, "app-abc123.js"));
    await compressFile(path.join(dir, "plain-def456.js"));
    const app = express();
    app.use("/assets", precompressedAssets(dir));
    app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y" }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (name: string, headers: Record<string, string>, method = "GET") =>
    // fetch would decompress and drop Content-Encoding's bytes from view: ask Node's http for the raw answer.
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${origin}/assets/${name}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });

  test("the build writes a Brotli and a gzip copy, each smaller than the file; a tiny file gets none", () => {
    const size = (name: string) => fs.statSync(path.join(dir, name)).size;
    expect(size("app-abc123.js.br")).toBeLessThan(size("app-abc123.js.gz"));
    expect(size("app-abc123.js.gz")).toBeLessThan(size("app-abc123.js"));
    expect(fs.existsSync(path.join(dir, "plain-def456.js.br"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "plain-def456.js.gz"))).toBe(false);
  });

  test("a browser that accepts Brotli gets the Brotli copy, cacheable for a year, varying on Accept-Encoding", async () => {
    const res = await get("app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.equals(fs.readFileSync(path.join(dir, "app-abc123.js.br")))).toBe(true);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  test("gzip for a browser without Brotli, the file itself for one that accepts neither", async () => {
    const gzipped = await get("app-abc123.js", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(script);
    const plain = await get("app-abc123.js", { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  test("HEAD has the headers and no body; a matching ETag gets 304; other files and methods go on", async () => {
    const head = await get("app-abc123.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(fs.statSync(path.join(dir, "app-abc123.js.br")).size);
    const again = await get("app-abc123.js", { "accept-encoding": "br", "if-none-match": String(head.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await get("app-abc123.js", { "accept-encoding": "gzip", "if-none-match": String(head.headers.etag) });
    expect(otherEncoding.status).toBe(200);
    const small = await get("plain-def456.js", { "accept-encoding": "br" });
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect((await get("missing.js", { "accept-encoding": "br" })).status).toBe(404);
    expect((await get("../precompressed-assets.ts", { "accept-encoding": "br" })).status).toBe(404);
  });
});
