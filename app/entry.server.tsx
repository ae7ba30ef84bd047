import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";

import { createServerI18n } from "./i18n/i18next.server";
import { ServerI18nContext } from "./i18n/react";
import { serverConfigContext } from "./lib/context";
import { NonceProvider } from "./lib/nonce";

export { serverConfigContext };
/** The host's guest page cache hands each guest a form token with the same guard (server/web/guest-page-cache.ts). */
export { webCsrf } from "./lib/csrf.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(serverConfigContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and no-JS visitors get the complete document at once.
    const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        {/* The page renders with i18next here; the browser hydrates it with the small translator (app/i18n/react.tsx). */}
        <ServerI18nContext.Provider value={createServerI18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerI18nContext.Provider>
      </NonceProvider>,
      {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
