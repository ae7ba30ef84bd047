// Journeys through nginx in front of two instances on one PostgreSQL and one Redis (ADR 0122). nginx takes the
// instances in turn, so a journey's requests land on both; the tests that must know which instance answers call that
// instance on its own port. Cookies belong to the host (localhost), whatever the port: one login serves both.
import { randomBytes } from "node:crypto";
import { request, type APIRequestContext, type Page } from "@playwright/test";
import Pusher from "pusher";
import { expect, PASSWORD, test } from "../e2e/support/fixtures.ts";

const [ONE, TWO] = (process.env.CLUSTER_INSTANCE_PORTS ?? "").split(",").map(Number);
const NGINX = Number(process.env.CLUSTER_PORT);
const on = (port: number, urlPath: string) => `http://localhost:${port}${urlPath}`;
const SLOW = { timeout: 20_000 };

type Api = { context: APIRequestContext; post(port: number, urlPath: string, data: unknown): Promise<unknown> };

/** An API session for one account (CSRF cookie, then the login), logged in through `port`. */
async function apiSession(email: string, port = NGINX): Promise<Api> {
  const context = await request.newContext();
  await context.get(on(port, "/back/sanctum/csrf-cookie"));
  const xsrf = async () => decodeURIComponent((await context.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "");
  const post = async (to: number, urlPath: string, data: unknown) => {
    const response = await context.post(on(to, urlPath), { data, headers: { "X-XSRF-TOKEN": await xsrf() } });
    expect(response.status(), `${urlPath}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  await post(port, "/back/api/login", { email, password: PASSWORD });
  return { context, post };
}

async function xsrfOf(context: APIRequestContext): Promise<string> {
  return decodeURIComponent((await context.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "");
}

test("log in, browse, and pay a cart by sandbox card through nginx", async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  await loginAs("shop.buy.js.fr@demo.test");
  await page.goto("/catalogue");
  const link = page.getByTestId("course-card-link").first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name, SLOW);

  await page.goto("/boutique");
  const item = page
    .getByTestId("shop-item")
    .filter({ has: page.getByTestId("add-to-cart") })
    .filter({ hasNot: page.getByTestId("shop-sessions") })
    .first();
  await item.getByTestId("add-to-cart").click();
  await expect(page.getByText(/Ajouté à votre panier/).first()).toBeVisible(SLOW);
  await page.goto("/boutique/panier");
  await chooseFirstOptions(page);
  const billing = page.getByTestId("billing-form");
  if (await billing.isVisible()) {
    await billing.getByLabel("Adresse", { exact: true }).fill("8 rue des Acheteurs");
    await billing.getByLabel("Code postal", { exact: true }).fill("69006");
    await billing.getByLabel("Ville", { exact: true }).fill("Lyon");
    await billing.getByRole("button").click();
    await expect(page.getByText(/Vos coordonnées de facturation sont enregistrées/).first()).toBeVisible(SLOW);
    await expect(page.getByTestId("billing-summary")).toContainText("8 rue des Acheteurs", SLOW);
  }
  await page.getByTestId("cart-pay-card").click();
  await expect(page).toHaveURL(/\/back\/payments\/sandbox\//, SLOW);
  await page.getByLabel(/^Numéro de carte$/).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /€/ }).click();
  await expect(page.getByTestId("order-page")).toHaveAttribute("data-status", "paid", SLOW);
  // The paid order, read again on each instance: the same status everywhere.
  const order = new URL(page.url());
  for (const port of [ONE, TWO]) {
    order.port = String(port);
    await page.goto(order.toString());
    await expect(page.getByTestId("order-page")).toHaveAttribute("data-status", "paid", SLOW);
  }
});

/** Each cart line's form: the first choice of each select, then its own submit. */
async function chooseFirstOptions(page: Page) {
  const count = await page.getByTestId("cart-line-form").count();
  for (let i = 0; i < count; i++) {
    const form = page.getByTestId("cart-line-form").nth(i);
    for (const select of await form.locator("select").all()) {
      const option = select.locator("option:not([disabled])").first();
      await select.selectOption((await option.getAttribute("value"))!);
    }
    await form.getByRole("button").click();
    await expect(page.getByText(/Votre panier a été mis à jour/).first()).toBeVisible(SLOW);
  }
}

test("a picture uploaded through one instance is served by the other", async () => {
  const { context } = await apiSession("learner@demo.test", ONE);
  // A PNG signature and random bytes: the type is checked by content, and random bytes make a new file each run.
  const picture = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(40_000)]);
  const response = await context.post(on(ONE, "/back/api/user/updateProfilePic"), {
    multipart: { picture: { name: "me.png", mimeType: "image/png", buffer: picture } },
    headers: { "X-XSRF-TOKEN": await xsrfOf(context) },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { avatar } = ((await response.json()) as { data: { avatar: string } }).data;
  expect(avatar).toMatch(/^\/uploads\//);
  for (const port of [TWO, ONE, NGINX]) {
    const served = await context.get(on(port, avatar));
    expect(served.status(), `${avatar} on port ${port}`).toBe(200);
    expect(Buffer.compare(await served.body(), picture), `the same bytes on port ${port}`).toBe(0);
  }
  await context.dispose();
});

test("a notification raised through one instance reaches a browser connected to the other", async ({ page, loginAs }) => {
  await loginAs("learner@demo.test");
  await page.goto(on(TWO, "/catalogue"));
  const userId = ((await (await page.request.get(on(TWO, "/back/api/user"))).json()) as { data: { id: number } }).data.id;
  // The browser's websocket is on instance two (the page's own host and port).
  const pusher = new Pusher({
    appId: "app-id",
    key: "app-key",
    secret: process.env.CLUSTER_PUSHER_SECRET!,
    host: "127.0.0.1",
    port: String(TWO),
    useTLS: false,
  });
  await expect
    .poll(async () => ((await (await pusher.get({ path: `/channels/private-user.${userId}` })).json()) as { occupied: boolean }).occupied, SLOW)
    .toBe(true);
  const before = Number((await page.getByTestId("notification-count").textContent()) ?? 0);
  const admin = await apiSession("admin@demo.test", ONE);
  await admin.post(ONE, "/back/api/admin/notifications", { userId, title: `Across instances ${Date.now()}` });
  await expect(page.getByTestId("notification-count")).toHaveText(String(before + 1), { timeout: 3000 });
  await admin.context.dispose();
});

test("the login rate limit is one for both instances", async () => {
  // An address of its own: failures are counted per address asked for, whether an account has it or not.
  const email = `rate.limit.${Date.now()}@demo.test`;
  const context = await request.newContext();
  await context.get(on(ONE, "/back/sanctum/csrf-cookie"));
  const tryLogin = async (port: number) =>
    (
      await context.post(on(port, "/back/api/login"), {
        data: { email, password: "not-the-password" },
        headers: { "X-XSRF-TOKEN": await xsrfOf(context) },
      })
    ).status();
  // Five failures for one account (LOGIN_MAX_FAILURES), taking the instances in turn: then both refuse with 429.
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push(await tryLogin(i % 2 === 0 ? ONE : TWO));
  expect(
    statuses.every((status) => status === 422 || status === 401),
    statuses.join(","),
  ).toBe(true);
  expect(await tryLogin(ONE)).toBe(429);
  expect(await tryLogin(TWO)).toBe(429);
  await context.dispose();
});

test("a page kept by one instance is not served stale after a write through the other", async () => {
  // Logged in: the learner's catalogue, kept by instance one, then a change of name through instance two.
  const learner = await apiSession("nonpharmacist@demo.test", ONE);
  const page = async (port: number, urlPath: string, context = learner.context) => {
    const response = await context.get(on(port, urlPath));
    return { cache: response.headers()["x-page-cache"], html: await response.text() };
  };
  // Kept: asked again until it comes from the cache (the other journeys' writes beside this one may empty it).
  const kept = (port: number, urlPath: string, context = learner.context) =>
    expect.poll(async () => (await page(port, urlPath, context)).cache, SLOW).toBe("hit");
  await kept(ONE, "/catalogue");
  const firstName = `Prénom${Date.now().toString(36)}`;
  await learner.post(TWO, "/back/api/user/updateUserData", { firstName, lastName: "Cluster", profession: "preparer" });
  const after = await page(ONE, "/catalogue");
  expect(after.html).toContain(firstName);

  // A guest: a course page kept by instance one, then the training unpublished through instance two.
  const guest = await request.newContext();
  const course = ((await page(ONE, "/catalogue", guest)).html.match(/data-testid="course-card-link" href="([^"]+)"/) ?? [])[1];
  expect(course).toBeTruthy();
  await kept(ONE, course, guest);
  const admin = await apiSession("admin@demo.test", TWO);
  const slug = course.split("/").pop()!;
  const list = (await (await admin.context.get(on(TWO, `/back/api/admin/catalog/trainings?q=${slug}`))).json()) as {
    data: { items: Array<{ id: number; slug: string }> };
  };
  const training = list.data.items.find((item) => item.slug === slug)!;
  await admin.post(TWO, `/back/api/admin/catalog/trainings/${training.id}/publish`, { published: false });
  expect((await guest.get(on(ONE, course))).status()).toBe(404);
  await admin.post(TWO, `/back/api/admin/catalog/trainings/${training.id}/publish`, { published: true });
  expect((await guest.get(on(ONE, course))).status()).toBe(200);
  for (const context of [learner.context, guest, admin.context]) await context.dispose();
});
