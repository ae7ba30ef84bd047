import { RouterContextProvider } from "react-router";
import { requestStateContext, serverConfigContext, type RequestState, type ServerConfig } from "./context";
import { webCsrf } from "./csrf.server";
import type { FormReply } from "./form-reply";

/** What an action's tests need of a request's context: the secret of the CSRF token and the visitor's language. */
const SECRET = "form-post-test-secret";

export function formContext(): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(serverConfigContext, { appSecret: SECRET, secureCookies: false } as ServerConfig);
  provider.set(requestStateContext, { locale: "fr-FR" } as RequestState);
  return provider;
}

/** A form post with a valid CSRF token, urlencoded or multipart as a browser sends it. */
export async function formPost(
  fields: Record<string, string>,
  encoding: "urlencoded" | "multipart" = "urlencoded",
  url = "http://localhost/page",
): Promise<Request> {
  const [token, cookie] = await webCsrf(SECRET, false).commitToken(new Request("http://localhost/"));
  const headers = new Headers({ cookie: (cookie ?? "").split(";")[0] });
  const all = { ...fields, csrf: token };
  if (encoding === "urlencoded") {
    headers.set("content-type", "application/x-www-form-urlencoded");
    return new Request(url, { method: "POST", headers, body: new URLSearchParams(all).toString() });
  }
  const body = new FormData();
  for (const [name, value] of Object.entries(all)) body.append(name, value);
  return new Request(url, { method: "POST", headers, body });
}

/** An action's answer as `data(reply, init)` gives it. */
export const replyOf = (result: unknown) => result as { data: FormReply; init: { status?: number } | null };
