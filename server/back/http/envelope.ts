import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type Envelope<T = unknown> = { status: "Success" | "Error"; message: string; data: T };

export function success<T>(c: Context, data: T, message = "OK", status: ContentfulStatusCode = 200) {
  return c.json({ status: "Success", message, data } satisfies Envelope<T>, status);
}

export function failure(c: Context, status: ContentfulStatusCode, message: string, data: unknown = null) {
  return c.json({ status: "Error", message, data } satisfies Envelope, status);
}
