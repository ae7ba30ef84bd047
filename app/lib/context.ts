import { createContext } from "react-router";
import type { Brand } from "#core/branding/brands.ts";
import type { Locale } from "#core/branding/brands.ts";
import type { BackClient } from "./back.server";
import type { ServerConfig } from "#core/contract/web-host.ts";

export type { ServerConfig };

export const serverConfigContext = createContext<ServerConfig>();

/** Per-request facts computed once by the root middleware. */
export type RequestState = {
  brand: Brand;
  hostBrandKey: Brand["key"] | undefined;
  locale: Locale;
  back: BackClient;
  requestId: string;
  /** Set-Cookie headers for the answer besides the back API's (a refusal's form token, app/lib/errors.server.ts). */
  setCookies: string[];
};

export const requestStateContext = createContext<RequestState>();
