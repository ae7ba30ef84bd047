// Serves the pages' translation files (ADR 0128): /i18n/<locale>/<ns>.<hash>.json, one per locale and namespace, made
// by the web tier from its bundled resources (app/i18n/translation-files.server.ts). The address carries a hash of the
// content, so the answer is cacheable for a year; its Brotli and gzip copies are made once per process, each when a
// browser first asks for it, and chosen by Accept-Encoding as for the build's assets (./precompressed-assets.ts). Any
// other /i18n/ address is a 404, answered here: the pages' handler would hand out cookies with its not-found page.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import { chooseEncoding, sendImmutable } from "./precompressed-assets.ts";

type Encoding = "br" | "gzip";
type TranslationFile = { etag: string; identity: Buffer; compressed: Partial<Record<Encoding, Buffer>> };
export type TranslationFiles = ReadonlyMap<string, TranslationFile>;

const PREFIX = "/i18n/";

/**
 * Each file by its address, once per set of bodies: the platforms a process starts on the same build (the
 * integration tests start one per file) share it. The compressed copies are made on first use: Brotli at its highest
 * quality costs about 0.6 s of CPU for the 80 files, which a start (and each test platform) paid before.
 */
const prepared = new WeakMap<ReadonlyMap<string, string>, TranslationFiles>();

export function prepareTranslationFiles(bodies: ReadonlyMap<string, string>): TranslationFiles {
  const known = prepared.get(bodies);
  if (known) return known;
  const files = new Map<string, TranslationFile>();
  for (const [href, text] of bodies) {
    const identity = Buffer.from(text, "utf8");
    files.set(href, { etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 16)}"`, identity, compressed: {} });
  }
  prepared.set(bodies, files);
  return files;
}

function bodyOf(file: TranslationFile, encoding: Encoding | null): Buffer {
  if (!encoding) return file.identity;
  file.compressed[encoding] ??=
    encoding === "br"
      ? zlib.brotliCompressSync(file.identity, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
        })
      : zlib.gzipSync(file.identity, { level: 9 });
  return file.compressed[encoding];
}

/** Mounted before the pages' handler; `files` is read on every request (in development the build can change). */
export function translationFiles(files: () => TranslationFiles | Promise<TranslationFiles>): RequestHandler {
  return (req, res, next) => {
    if (!req.path.startsWith(PREFIX)) return next();
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return void res.status(405).type("text/plain").send("Method not allowed");
    }
    Promise.resolve(files())
      .then((known) => {
        const file = known.get(req.path);
        if (!file) {
          res.setHeader("Cache-Control", "no-store");
          return void res.status(404).type("text/plain").send("Not found");
        }
        res.setHeader("Vary", "Accept-Encoding");
        const encoding = chooseEncoding(req.headers["accept-encoding"], ["br", "gzip"]);
        const body = bodyOf(file, encoding);
        const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
        sendImmutable(req, res, { body, contentType: "application/json; charset=utf-8", encoding, etag });
      })
      .catch(next);
  };
}
