import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type Envelope<T = unknown> = { status: "Success" | "Error"; message: string; data: T };

/**
 * The JSON text of each envelope reply, kept beside its Response for as long as the Response lives: a call made in
 * this process reads it as written instead of through the Response's body stream (ADR 0144).
 */
const envelopeTexts = new WeakMap<Response, string>();

function envelopeReply(c: Context, envelope: Envelope, status: ContentfulStatusCode) {
  const text = JSON.stringify(envelope);
  // What c.json does, with the text in hand.
  const response = c.body(text, status, { "Content-Type": "application/json" });
  envelopeTexts.set(response, text);
  return response;
}

export function success<T>(c: Context, data: T, message = "OK", status: ContentfulStatusCode = 200) {
  return envelopeReply(c, { status: "Success", message, data } satisfies Envelope<T>, status);
}

export function failure(c: Context, status: ContentfulStatusCode, message: string, data: unknown = null) {
  return envelopeReply(c, { status: "Error", message, data } satisfies Envelope, status);
}

/** The envelope text of a reply `success` or `failure` made, or null (a file, a page, a Response made again since). */
export function envelopeTextOf(response: Response): string | null {
  return envelopeTexts.get(response) ?? null;
}
