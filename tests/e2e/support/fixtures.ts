/**
 * The e2e specs' `test` and `expect`: Playwright's, with the login fixtures every spec shares.
 * - `loginAs(email, { host, page, password })` logs a demo account in through the login form of the host (French
 *   paths on localhost and be.localhost, Spanish ones on es.localhost) and waits to leave that page; `page` defaults
 *   to the test's page (pass another one for a second browser or tab).
 * - `loginThroughApiAs(email, { host, page })` logs in through the back API (CSRF cookie first), sharing the page's
 *   cookies: for tests about something else than the login page, when no page needs to be shown first.
 */
import { expect, test as base, type Page } from "@playwright/test";
import { at, cookieNamed, type Host } from "./hosts.ts";

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
  loginThroughApiAs(email: string, options?: Omit<LoginOptions, "password">): Promise<void>;
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

async function logInThroughApi(page: Page, email: string, host: Host): Promise<void> {
  await page.request.get(at(host, "/back/sanctum/csrf-cookie"));
  const xsrf = await cookieNamed(page.context(), at(host), "XSRF-TOKEN");
  if (!xsrf) throw new Error("No XSRF-TOKEN cookie");
  const response = await page.request.post(at(host, "/back/api/login"), {
    headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf.value), accept: "application/json" },
    data: { email, password: PASSWORD },
  });
  if (!response.ok()) throw new Error(`Login failed: ${response.status()} ${await response.text()}`);
}

export const test = base.extend<LoginFixtures>({
  loginAs: async ({ page }, use) => {
    await use((email, options = {}) => logInThroughForm(options.page ?? page, email, options.host ?? "localhost", options.password ?? PASSWORD));
  },
  loginThroughApiAs: async ({ page }, use) => {
    await use((email, options = {}) => logInThroughApi(options.page ?? page, email, options.host ?? "localhost"));
  },
});
