import type { NextFunction, Request, Response } from "express";

/** A path that cannot be percent-decoded ("/%", "/a%zz") is a 400, never a 500. */
export function rejectMalformedPaths(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    // The back API answers with its envelope, like every other /back reply.
    if (req.path === "/back" || req.path.startsWith("/back/")) {
      res.status(400).json({ status: "Error", message: "Bad Request: malformed URL.", data: null });
      return;
    }
    res.status(400).type("text/plain; charset=utf-8").send("Bad Request: malformed URL.");
  }
}
