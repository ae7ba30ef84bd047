import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";

import { provideServerBundles } from "./i18n/bundles";
import { createServerI18n } from "./i18n/i18next.server";
import { ServerI18nContext } from "./i18n/react";
import { translationBundle } from "./i18n/translation-files.server";
import { serverConfigContext } from "./lib/context";
import { NonceProvider } from "./lib/nonce";
import { FragmentCollectorContext } from "./components/layout/shared-fragment";
import { createFragmentCollector, finishSharedFragments, type FragmentCollector } from "./lib/shared-fragments.server";
import { documentKey, keepDocument, keptDocument, type KeptAnswer } from "./lib/reused-documents.server";
import type { ServerConfig } from "#core/contract/web-host.ts";
import type { RequestValues } from "#core/http/request-holes.ts";
import { toParisDate } from "#core/domain/dates.ts";

export { serverConfigContext };
/** The host's guest page cache hands each guest a form token with the same guard (server/web/page-cache.ts). */
export { webCsrf } from "./lib/csrf.server";
/** The translation files the host serves (server/web/translation-files.ts, decision 0128). */
export { translationFileBodies } from "./i18n/translation-files.server";

// Meta functions translate from the page's namespaces (app/lib/meta.ts): on the server, the texts of its files.
provideServerBundles(translationBundle);

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { nonce, sharedFragments, reusedDocuments, gzip } = loadContext.get(serverConfigContext);
  const handlerContext = routerContext.staticHandlerContext;
  const rootData = handlerContext.loaderData.root as { csrfToken?: unknown } | undefined;
  const values = { nonce, csrf: typeof rootData?.csrfToken === "string" ? rootData.csrfToken : "" };
  // The loaders have run: a document rendered before from the same data is that data's document (ADR 0142).
  const reuseKey =
    reusedDocuments === "off"
      ? null
      : documentKey({
          method: request.method,
          url: request.url,
          status: responseStatusCode,
          today: toParisDate(new Date()),
          loaderData: handlerContext.loaderData,
          actionData: handlerContext.actionData,
          errors: handlerContext.errors,
          csrf: values.csrf,
        });
  const reused = reuseKey && reusedDocuments === "on" ? await keptDocument(reuseKey, values, gzip) : undefined;
  if (reused !== undefined) return reusedAnswer(reused, responseStatusCode, responseHeaders);
  return renderDocument(request, responseStatusCode, responseHeaders, routerContext, { nonce, sharedFragments, reusedDocuments, reuseKey, values });
}

/** A kept document sent again, without rendering: already gzip when the browser takes it (ADR 0143). */
function reusedAnswer(reused: KeptAnswer, status: number, headers: Headers): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("X-Reused-Document", "1");
  if (reused.gzip === undefined) return new Response(reused.html, { headers, status });
  // The compression middleware leaves an answer that has its own Content-Encoding alone.
  headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(reused.gzip.byteLength));
  headers.append("Vary", "Accept-Encoding");
  return new Response(reused.gzip, { headers, status });
}

type RenderOptions = {
  nonce: string;
  sharedFragments: ServerConfig["sharedFragments"];
  reusedDocuments: ServerConfig["reusedDocuments"];
  /** Where the rendered document is kept for the next request with the same data; null when it is not to be kept. */
  reuseKey: string | null;
  values: RequestValues;
};

function renderDocument(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  { nonce, sharedFragments, reusedDocuments, reuseKey, values }: RenderOptions,
): Promise<Response> {
  const fragments = createFragmentCollector(sharedFragments);
  const status = responseStatusCode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // eslint-disable-next-line prefer-const -- set once the stream exists (it needs abort), read by its callbacks before
    let timer: ReturnType<typeof setTimeout> | undefined;
    // No page streams anything (no Suspense, no deferred data): the whole document is rendered into one buffer
    // and handed on in one piece, so the host compresses it once instead of gzipping many small flushes (ADR 0040).
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <FragmentCollectorContext.Provider value={fragments}>
          {/* The page renders with i18next here; the browser hydrates it with the small translator (app/i18n/react.tsx). */}
          <ServerI18nContext.Provider value={createServerI18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </ServerI18nContext.Provider>
        </FragmentCollectorContext.Provider>
      </NonceProvider>,
      {
        nonce,
        // The page is sent whole (onAllReady), never streamed: a Suspense boundary past React's 12.8 KB chunk size
        // would otherwise be "outlined" into a hidden element that only a script reveals, and a browser without
        // JavaScript would never see it (the confirmation panels and the consent dialog load their code on demand).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer | string, _encoding, callback) {
              chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timer);
              let html: Buffer<ArrayBuffer>;
              try {
                html = compactRouteManifest(lowPriorityModulePreloads(withSharedFragments(Buffer.concat(chunks), fragments)));
                // Not a document that failed to render: only a whole page is kept.
                if (reuseKey && responseStatusCode === status) keepDocument(reuseKey, html.toString("utf8"), values, reusedDocuments);
              } catch (error) {
                reject(error);
                callback();
                return;
              }
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // How many of the page's shared fragments came from the kept markup, of how many (ADR 0140).
              const fragmentCount = fragments.reused + fragments.pending.length;
              if (fragmentCount > 0) responseHeaders.set("X-Shared-Fragments", `${fragments.reused}/${fragmentCount}`);
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** The document after its shared fragments rendered in this request are kept (ADR 0140); untouched when there are none. */
function withSharedFragments(html: Buffer<ArrayBuffer>, fragments: FragmentCollector): Buffer<ArrayBuffer> {
  if (fragments.pending.length === 0) return html;
  return Buffer.from(finishSharedFragments(html.toString("utf8"), fragments), "utf8");
}

const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * The page's module preloads at low fetch priority. Pages are server-rendered and work before they hydrate, so what
 * paints them (the HTML, the stylesheet, the logo) goes first on a slow line; the scripts follow in the same
 * connections instead of sharing the bandwidth with the stylesheet. React Router writes the links without a priority.
 */
function lowPriorityModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  // The links are in the head: only that part is decoded and rewritten, not the whole document.
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const head = html.subarray(0, headEnd).toString("utf8");
  if (!head.includes(MODULE_PRELOAD)) return html;
  // React Router writes the entry's preload twice (once as the entry, once among the route's imports): once is enough.
  const seen = new Set<string>();
  const rewritten = head.replace(/<link rel="modulepreload"[^>]*>/g, (link) => {
    if (seen.has(link)) return "";
    seen.add(link);
    return link.replace(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
  });
  return Buffer.concat([Buffer.from(rewritten, "utf8"), html.subarray(headEnd)]);
}

const MANIFEST_START = "window.__reactRouterManifest = ";
const MANIFEST_END = ";\n  window.__reactRouterRouteModules";

/**
 * React Router writes the page's part of the route manifest as JSON indented by two spaces (about a third of its
 * 3 to 5 KB is spaces and line breaks); the same JSON without them says the same to the browser.
 */
function compactRouteManifest(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const start = html.lastIndexOf(MANIFEST_START);
  if (start < 0) return html;
  const jsonStart = start + Buffer.byteLength(MANIFEST_START);
  const end = html.indexOf(MANIFEST_END, jsonStart);
  if (end < 0) return html;
  let compact: string;
  try {
    compact = JSON.stringify(JSON.parse(html.subarray(jsonStart, end).toString("utf8")));
  } catch {
    return html;
  }
  return Buffer.concat([html.subarray(0, jsonStart), Buffer.from(compact, "utf8"), html.subarray(end)]);
}
