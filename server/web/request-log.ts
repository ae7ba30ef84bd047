import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.ts";
import { randomChunk } from "./random-pool.ts";
import { redactPath } from "./redact-path.ts";

/** Gives every request an id (kept from X-Request-Id when sent) and logs it once answered, secrets in the path redacted. */
export function requestIdAndLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = (req.headers["x-request-id"] as string | undefined)?.slice(0, 100) || randomChunk(8).toString("hex");
    req.headers["x-request-id"] = requestId;
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path.startsWith("/assets/")) return;
      logger.info(
        {
          requestId,
          method: req.method,
          path: redactPath(req.path),
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 100_000n) / 10,
        },
        "request",
      );
    });
    next();
  };
}
