// Serves the browser build's files from the copies compressed at build time (ADR 0099, scripts/lib/precompress-assets.ts):
// Brotli when the browser accepts it, gzip otherwise. The file names carry a hash of their content, so the answer is
// cacheable for a year. A request that accepts neither, or a file without a compressed copy, goes on to the static
// file handler. The copies are read once, when the server starts: the build does not change under a running server.
import fs from "node:fs";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";

type Encoding = "br" | "gzip";
type Asset = { contentType: string; bodies: Partial<Record<Encoding, Buffer>> };

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};
const SUFFIXES: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * The encoding to send, from an Accept-Encoding header and the copies there are: Brotli first (smaller), then gzip;
 * "q=0" refuses an encoding, "*" stands for any not named. Null: send the file as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const acceptable = available.filter((encoding) => weightOf(encoding) > 0);
  if (acceptable.length === 0) return null;
  // Highest weight wins; on a tie, the order of `preference` (Brotli first).
  const preference: Encoding[] = ["br", "gzip"];
  return acceptable.sort((a, b) => weightOf(b) - weightOf(a) || preference.indexOf(a) - preference.indexOf(b))[0];
}

function readAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(dir)) return assets;
  const names = new Set(fs.readdirSync(dir));
  for (const name of names) {
    const contentType = CONTENT_TYPES[path.extname(name)];
    if (!contentType) continue;
    const bodies: Asset["bodies"] = {};
    for (const encoding of ["br", "gzip"] as const) {
      if (names.has(name + SUFFIXES[encoding])) bodies[encoding] = fs.readFileSync(path.join(dir, name + SUFFIXES[encoding]));
    }
    if (bodies.br || bodies.gzip) assets.set(`/${name}`, { contentType, bodies });
  }
  return assets;
}

/** Mounted on the build's /assets path, before the static file handler. */
export function precompressedAssets(dir: string): RequestHandler {
  const assets = readAssets(dir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const asset = assets.get(req.path);
    if (!asset) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = chooseEncoding(req.headers["accept-encoding"], Object.keys(asset.bodies) as Encoding[]);
    if (!encoding) return next();
    const body = asset.bodies[encoding]!;
    sendImmutable(req, res, { body, contentType: asset.contentType, encoding, etag: `"${req.path.slice(1)}-${encoding}-${body.length}"` });
  };
}

/**
 * A file whose address carries a hash of its content: cacheable for a year, a 304 when the browser has this copy. The
 * caller has set `Vary: Accept-Encoding` and chosen the copy (`encoding` null for the uncompressed one).
 */
export function sendImmutable(req: Request, res: Response, copy: { body: Buffer; contentType: string; encoding: Encoding | null; etag: string }) {
  res.setHeader("Content-Type", copy.contentType);
  if (copy.encoding) res.setHeader("Content-Encoding", copy.encoding);
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.setHeader("ETag", copy.etag);
  if (req.headers["if-none-match"] === copy.etag) {
    res.statusCode = 304;
    return void res.end();
  }
  res.setHeader("Content-Length", String(copy.body.length));
  res.end(req.method === "HEAD" ? undefined : copy.body);
}
