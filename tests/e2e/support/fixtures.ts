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
const SAME_SITE = { lax: "Lax", strict: "Strict", none: "None" } as const;

/** A Set-Cookie header as the browser would keep it for the host (null when it deletes the cookie). */
function cookieOf(header: string, host: Host): Cookie | null {
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  const split = pair.indexOf("=");
  let path = "/";
  let httpOnly = false;
  let sameSite: Cookie["sameSite"] = "Lax";
  let expires = -1;
  for (const attribute of attributes) {
    const [key, value = ""] = attribute.split("=");
    const name = key.toLowerCase();
    if (name === "path") path = value;
    else if (name === "httponly") httpOnly = true;
    else if (name === "samesite") sameSite = SAME_SITE[value.toLowerCase() as keyof typeof SAME_SITE] ?? "Lax";
    else if (name === "max-age") expires = Date.now() / 1000 + Number(value);
    else if (name === "expires" && expires === -1) expires = Date.parse(value) / 1000;
  }
  if (expires !== -1 && expires * 1000 <= Date.now()) return null;
  return { name: pair.slice(0, split), value: pair.slice(split + 1), domain: host, path, httpOnly, sameSite, expires };
}

async function logInThroughApi(page: Page, email: string, host: Host, password: string): Promise<void> {
  const csrf = await backRequest(host, "GET", "/back/sanctum/csrf-cookie", { accept: "application/json" });
  const jar = new Map(csrf.setCookies.map((header) => cookieOf(header, host)).flatMap((cookie) => (cookie ? [[cookie.name, cookie] as const] : [])));
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
  for (const header of login.setCookies) {
    const cookie = cookieOf(header, host);
    if (cookie) jar.set(cookie.name, cookie);
    else jar.delete(header.slice(0, header.indexOf("=")));
  }
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
export const OTHER_LOCALE = "@other-locale";

/**
 * The details of a journey written once per language and run with JavaScript on and off (@no-js): every copy runs
 * with JavaScript off, where the server renders and posts each language; with JavaScript on, which runs the same
 * client code in every language, only the French copy runs (ADR 0121). Tests of such a describe that run with
 * JavaScript on only (no @no-js: an axe run, a live update) still run in every language.
 */
export function localeCopy(lang: string): { tag: string[] } {
  return { tag: lang === "fr" || lang === "fr-FR" ? [] : [OTHER_LOCALE] };
}
