import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expect, test, PASSWORD } from "./support/fixtures.ts";
import Pusher from "pusher";
import { PORT } from "./support/hosts.ts";
import { joined } from "./support/realtime-sockets.ts";

/** The official HTTP SDK against our embedded server, to query channels. */
const pusher = new Pusher({
  appId: "app-id",
  key: "app-key",
  secret: "e2e-pusher-secret-not-for-production",
  host: "127.0.0.1",
  port: String(PORT),
  useTLS: false,
});

async function occupied(channel: string): Promise<boolean> {
  const response = await pusher.get({ path: `/channels/${channel}` });
  const body = (await response.json()) as { occupied: boolean };
  return body.occupied;
}

/** An API session (cookies kept) logged in as the administrator, with the CSRF header ready. */
async function adminApi(): Promise<{ api: APIRequestContext; post: (path: string, data: unknown) => Promise<unknown> }> {
  const api = await playwrightRequest.newContext({ baseURL: `http://localhost:${PORT}` });
  await api.get("/back/sanctum/csrf-cookie");
  const xsrf = async () => (await api.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const post = async (path: string, data: unknown) => {
    const response = await api.post(path, { data, headers: { "X-XSRF-TOKEN": decodeURIComponent(await xsrf()) } });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  await post("/back/api/login", { email: "admin@demo.test", password: PASSWORD });
  return { api, post };
}

async function currentUserId(page: Page): Promise<number> {
  const response = await page.request.get("/back/api/user");
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function waitForPrivateChannel(userId: number) {
  await expect.poll(() => occupied(`private-user.${userId}`), { timeout: 10_000 }).toBe(true);
}

test.describe("realtime island", () => {
  test("a new notification appears within a second without a reload", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("learner@demo.test");
    const userId = await currentUserId(page);
    await waitForPrivateChannel(userId);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    const before = Number((await page.getByTestId("notification-count").textContent()) ?? 0);

    const { api, post } = await adminApi();
    const title = `Live message ${Date.now()}`;
    const sentAt = Date.now();
    await post("/back/api/admin/notifications", { userId, title });
    await expect(page.getByTestId("notification-count")).toHaveText(String(before + 1), { timeout: 1000 });
    const elapsed = Date.now() - sentAt;
    expect(elapsed).toBeLessThan(1500);
    await page.getByTestId("notification-bell").locator("summary").click();
    await expect(page.getByTestId("notification-list")).toContainText(title);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await api.dispose();
  });

  // Each test uses its own account: realtime events to one user reach all of that user's pages.
  test("a ReloadEvent reloads the page once within the guard", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("nonpharmacist@demo.test");
    const userId = await currentUserId(page);
    await waitForPrivateChannel(userId);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const { api, post } = await adminApi();

    const reloaded = page.waitForEvent("load");
    // The reloaded page's own subscription: the server may still count the old page's socket on the channel for a
    // moment, so asking whether the channel is occupied would not tell that the new page listens.
    const rejoined = joined(page, new RegExp(`^private-user\\.${userId}$`));
    await post("/back/api/admin/realtime/reload", { scope: "user", userId });
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();

    // A second event inside the 10 s guard is ignored.
    await rejoined;
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 2));
    await post("/back/api/admin/realtime/reload", { scope: "user", userId });
    // Events arrive in order: once this notification shows, the reload event was handled (and ignored).
    const title = `After the guarded reload ${Date.now()}`;
    await post("/back/api/admin/notifications", { userId, title });
    await page.getByTestId("notification-bell").locator("summary").click();
    await expect(page.getByTestId("notification-list")).toContainText(title);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(2);
    await api.dispose();
  });

  // expired@ is the only member of its pharmacy: no other test's page holds that account channel.
  test("logout leaves the private channels", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("expired@demo.test");
    const userId = await currentUserId(page);
    const user = (await (await page.request.get("/back/api/user")).json()) as { data: { currentAccountId: number } };
    await waitForPrivateChannel(userId);
    await expect.poll(() => occupied(`private-account.${user.data.currentAccountId}`)).toBe(true);
    // Logging out is in the user menu (issue 30, ADR 0113).
    await page.getByTestId("user-menu").locator("summary").click();
    await page
      .getByTestId("user-menu-panel")
      .getByRole("button", { name: /se déconnecter|déconnexion|cerrar sesión|log out/i })
      .click();
    await expect.poll(() => occupied(`private-user.${userId}`), { timeout: 10_000 }).toBe(false);
    expect(await occupied(`private-account.${user.data.currentAccountId}`)).toBe(false);
  });
});
