/**
 * The e2e specs' `test` and `expect`: Playwright's, with the login fixtures every spec shares.
 * - `loginAs(email, { host, page, password })` logs a demo account in through the back API (CSRF cookie first), with
 *   the page's cookies, and shows no page: for tests about something else than logging in, which then open the page
 *   they test. Two requests instead of the login page, its form and the catalogue it leads to (about 3 s a test on a
 *   busy 2-core machine with JavaScript on, measured 2026-11-30).
 * - `loginThroughFormAs(email, { host, page, password })` logs in through the login form of the host (French paths
 *   on localhost and be.localhost, Spanish ones on es.localhost) and waits to leave that page: for tests about
 *   logging in, or about the page a login leads to.
 * `page` defaults to the test's page (pass another one for a second browser or tab).
 */
import http from "node:http";
import { expect, test as base, type BrowserContext, type Page } from "@playwright/test";
import { parseSetCookie } from "../../support/cookies.ts";
import { at, PORT, type Host } from "./hosts.ts";

export { expect };

/** The password of every demo account (server/db/seed). */
export const PASSWORD = "demo1234";

const LOGIN_PATH: Record<Host, string> = { localhost: "/connexion", "be.localhost": "/connexion", "es.localhost": "/conexion" };

export interface LoginOptions {
  host?: Host;
  /** Another page than the test's own (a second context, a second tab). */
  page?: Page;
  password?: string;
}

export interface LoginFixtures {
  loginAs(email: string, options?: LoginOptions): Promise<void>;
  loginThroughFormAs(email: string, options?: LoginOptions): Promise<void>;
}

async function logInThroughForm(page: Page, email: string, host: Host, password: string): Promise<void> {
  const loginPath = LOGIN_PATH[host];
  await page.goto(at(host, loginPath));
  await page.getByLabel(/adresse e-mail|correo electrónico|email address/i).fill(email);
  await page.getByLabel(/^(mot de passe|contraseña|password)$/i).fill(password);
  await page.getByRole("button", { name: /se connecter|entrar|log in/i }).click();
  // Logging in makes several API calls: on a busy machine the default 7 s can be short.
  await expect(page).not.toHaveURL(new RegExp(`${loginPath}(\\?|$)`), { timeout: 20_000 });
}

type BackReply = { status: number; text: string; setCookies: string[] };

/**
 * One request to the back API on a brand's host. Node does not resolve *.localhost as the browser does (see
 * playwright.config.ts), so it goes to 127.0.0.1 with the brand's Host header, and its cookies are kept here.
 */
function backRequest(host: Host, method: string, path: string, headers: Record<string, string>, body?: string): Promise<BackReply> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: PORT, method, path, headers: { ...headers, host: `${host}:${PORT}` } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text, setCookies: response.headers["set-cookie"] ?? [] }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

type Cookie = Parameters<BrowserContext["addCookies"]>[0][number];
const SAME_SITE: Record<string, Cookie["sameSite"]> = { lax: "Lax", strict: "Strict", none: "None" };

/** A Set-Cookie header as the browser would keep it for the host (null when it deletes the cookie). */
function cookieOf(header: string, host: Host): Cookie | null {
  const { name, value, attributes } = parseSetCookie(header);
  const maxAge = attributes["max-age"];
  const expiresAt = attributes.expires;
  const expires = typeof maxAge === "string" ? Date.now() / 1000 + Number(maxAge) : typeof expiresAt === "string" ? Date.parse(expiresAt) / 1000 : -1;
  if (expires !== -1 && expires * 1000 <= Date.now()) return null;
  const path = typeof attributes.path === "string" ? attributes.path : "/";
  const sameSite = SAME_SITE[String(attributes.samesite).toLowerCase()] ?? "Lax";
  return { name, value, domain: host, path, httpOnly: attributes.httponly === true, sameSite, expires };
}

async function logInThroughApi(page: Page, email: string, host: Host, password: string): Promise<void> {
  const jar = new Map<string, Cookie>();
  const keep = (reply: BackReply) => {
    for (const header of reply.setCookies) {
      const cookie = cookieOf(header, host);
      if (cookie) jar.set(cookie.name, cookie);
      else jar.delete(parseSetCookie(header).name);
    }
  };
  keep(await backRequest(host, "GET", "/back/sanctum/csrf-cookie", { accept: "application/json" }));
  const xsrf = jar.get("XSRF-TOKEN");
  if (!xsrf) throw new Error(`No XSRF-TOKEN cookie from ${host}`);
  const login = await backRequest(
    host,
    "POST",
    "/back/api/login",
    {
      accept: "application/json",
      "content-type": "application/json",
      "x-xsrf-token": decodeURIComponent(xsrf.value),
      cookie: [...jar.values()].map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
    },
    JSON.stringify({ email, password }),
  );
  if (login.status !== 200) throw new Error(`Login failed on ${host}: ${login.status} ${login.text}`);
  keep(login);
  await page.context().addCookies([...jar.values()]);
}

export const test = base.extend<LoginFixtures>({
  loginAs: async ({ page }, use) => {
    await use((email, options = {}) => logInThroughApi(options.page ?? page, email, options.host ?? "localhost", options.password ?? PASSWORD));
  },
  loginThroughFormAs: async ({ page }, use) => {
    await use((email, options = {}) => logInThroughForm(options.page ?? page, email, options.host ?? "localhost", options.password ?? PASSWORD));
  },
});

/** The tag of a journey's copy in another language than French (ADR 0121). */
const OTHER_LOCALE = "@other-locale";

/**
 * The details of a journey written once per language and run with JavaScript on and off (@no-js): every copy runs
 * with JavaScript off, where the server renders and posts each language; with JavaScript on, which runs the same
 * client code in every language, only the French copy runs (ADR 0121). Tests of such a describe that run with
 * JavaScript on only (no @no-js: an axe run, a live update) still run in every language.
 */
export function localeCopy(lang: string): { tag: string[] } {
  return { tag: lang === "fr" || lang === "fr-FR" ? [] : [OTHER_LOCALE] };
}
