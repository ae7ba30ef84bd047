import type { RouterContextProvider } from "react-router";
import { notFound as pageNotFound } from "~/lib/errors.server";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";

/** The 404 of a content page: the not-found page with "Page not found: {path}". */
export function notFound(url: URL): never {
  return pageNotFound(`${url.pathname}${url.search}`);
}

/**
 * Calls the back API for a page: an unknown slug or page number (404, or 422 for a malformed
 * query) becomes the 404 page; other errors go to the error boundary as they are.
 */
export async function loadContent<T>(url: URL, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BackError && (error.status === 404 || error.status === 422)) notFound(url);
    throw error;
  }
}

/** The back client, brand and locale, and the strings of the content namespace. */
export function contentContext(context: Readonly<RouterContextProvider>) {
  const state = context.get(requestStateContext);
  return { ...state, t: serverT(context, "content") };
}
