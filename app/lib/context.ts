import { createContext } from "react-router";
import type { Brand } from "~/branding/brands";
import type { Locale } from "~/branding/brands";
import type { BackClient } from "./back.server";

/** What the host server gives the web tier (set in getLoadContext). */
export type ServerConfig = {
  brandHosts: string;
  /** In-process transport to the back API; unused when BACK_URL is set. */
  backFetch: (request: Request, clientIp: string) => Promise<Response>;
  backUrl?: string;
  appSecret: string;
  secureCookies: boolean;
  isDevelopment: boolean;
  buildId: string;
  realtime: { key: string; host: string | null; port: number | null; tls: boolean };
  clientIp: string;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
};

export const serverConfigContext = createContext<ServerConfig>();

/** Per-request facts computed once by the root middleware. */
export type RequestState = {
  brand: Brand;
  hostBrandKey: Brand["key"] | undefined;
  locale: Locale;
  back: BackClient;
  requestId: string;
};

export const requestStateContext = createContext<RequestState>();
