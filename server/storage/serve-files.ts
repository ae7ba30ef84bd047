import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";
import type { FileStore } from "./file-store.ts";

/**
 * GET/HEAD of the public area (/uploads/...) from the file store, whichever driver keeps it. A stored path is never
 * written twice (each upload gets a new, content-hashed name), so a response may be cached for good. An unknown
 * path goes on to the next handler (the site's 404 page); a path of the private area is never served here.
 */
export function serveUploads(files: FileStore, logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    void (async () => {
      const file = await files.read(`/uploads${req.path}`);
      if (!file) return next();
      res.set({
        "content-type": file.contentType,
        "cache-control": "public, max-age=31536000, immutable",
        etag: file.etag,
        "x-content-type-options": "nosniff",
      });
      if (req.headers["if-none-match"] === file.etag) return void res.status(304).end();
      res.set("content-length", String(file.size));
      if (req.method === "HEAD") return void res.end();
      await pipeline(Readable.from(file.body()), res);
    })().catch((error: unknown) => {
      if (res.headersSent) {
        logger.warn({ err: error, path: req.path }, "stored file cut short");
        res.destroy();
      } else {
        next(error);
      }
    });
  };
}
