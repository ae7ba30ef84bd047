import type { RouterContext } from "react-router";

/**
 * What the host server (server/platform.ts) hands the web tier for each request, and what the web tier's
 * server entry (app/entry.server.tsx) exports back to the host. The two tiers meet only here.
 */
export type ServerConfig = {
  brandHosts: string;
  /** In-process transport to the back API; unused when BACK_URL is set. */
  backFetch: (call: BackCall, clientIp: string) => Promise<BackAnswer>;
  backUrl?: string;
  appSecret: string;
  secureCookies: boolean;
  isDevelopment: boolean;
  buildId: string;
  realtime: { key: string; host: string | null; port: number | null; tls: boolean };
  clientIp: string;
  /** Parts of pages rendered once and reused (ADR 0140): "check" renders them again and fails on a difference (tests). */
  sharedFragments: "on" | "off" | "check";
  /** Documents rendered before from the same data, sent again (ADR 0142): "check" renders and compares them (tests). */
  reusedDocuments: "on" | "off" | "check";
  /**
   * When the browser takes gzip: how the host makes a gzip answer of parts compressed once and this answer's values
   * (server/web/gzip-splice.ts). A reused document is sent that way, not compressed again (ADR 0143). Null otherwise.
   */
  gzip: GzipSplicer | null;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The browser asked with a method the page does not answer: the web tier renders its 405 page (server/web/page-methods.ts). */
  refusedMethod?: boolean;
};

/** A back API call from the web tier in this process: what its Request would carry (ADR 0144). */
export type BackCall = { method: string; url: string; headers: Headers; body?: string | FormData };

/** Its answer: the Response, and an envelope's JSON text as the back API wrote it (read without the body stream), or null. */
export type BackAnswer = { response: Response; envelopeText: string | null };

/** A part of kept markup with its raw deflate, compressed once (RFC 1951, ending on a sync flush). */
export type CompressedPart = { text: Uint8Array; deflated: Uint8Array };

/** Gzip answers from parts compressed once: parts[0] values[0] parts[1] ... parts[n], one value between each two parts. */
export type GzipSplicer = {
  compress(parts: readonly string[]): Promise<CompressedPart[]>;
  splice(parts: readonly CompressedPart[], values: readonly string[]): Uint8Array<ArrayBuffer>;
};

/** The browser -> action CSRF guard, as the guest page cache uses it to hand each guest a token. */
export type WebCsrf = {
  commitToken(request: Request | Headers): Promise<[string, string | null]>;
  getToken(requestOrHeaders: Request | Headers): Promise<string | null>;
};

/** The extra exports of the web tier's server entry that the host reads from the build. */
export type WebEntryExports = {
  serverConfigContext: RouterContext<ServerConfig>;
  webCsrf(secret: string, secure: boolean): WebCsrf;
  /** The translation files, address (`/i18n/<locale>/<ns>.<hash>.json`) -> JSON text; the same map for the life of the build. */
  translationFileBodies(): ReadonlyMap<string, string>;
};
