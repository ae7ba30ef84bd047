// Issue 30 item 10: navigating the cart and away logs nothing in the console. The realtime island starts for a guest
// with a cart and for a shop customer, follows the cart's channel, and closes cleanly when the cart empties, on
// logout and between pages: no "WebSocket is already in CLOSING or CLOSED state", no error of any kind. Every console
// message of type error (and every uncaught page error) fails the test. French and Spanish hosts; JavaScript on (the
// console is the browser's; without JavaScript there is no island).
import type { Page } from "@playwright/test";
import { expect, test, PASSWORD } from "./support/fixtures.ts";
import { at, type Host } from "./support/hosts.ts";
import { watchSockets } from "./support/realtime-sockets.ts";

const SLOW = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

const CASES = [
  {
    lang: "fr",
    host: "localhost" as Host,
    shop: "/boutique",
    cart: "/boutique/panier",
    home: "/",
    added: /Ajouté à votre panier/,
    removed: /Retiré de votre panier/,
    email: /adresse e-mail/i,
    password: /^mot de passe$/i,
    submit: /se connecter/i,
    logout: /se déconnecter/i,
  },
  {
    lang: "es",
    host: "es.localhost" as Host,
    shop: "/tienda",
    cart: "/tienda/carrito",
    home: "/",
    added: /Añadido a su carrito/,
    removed: /Retirado de su carrito/,
    email: /correo electrónico/i,
    password: /^contraseña$/i,
    submit: /entrar/i,
    logout: /cerrar sesión/i,
  },
] as const;

/** Every console error and uncaught page error of the page, with where it happened. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error on ${page.url()}: ${error.message}`));
  return errors;
}

const islandUp = (page: Page) =>
  expect.poll(async () => page.evaluate(() => Boolean((window as unknown as { __realtime?: unknown }).__realtime)), SLOW).toBe(true);

async function addFirstTraining(page: Page, c: (typeof CASES)[number], skip = 0) {
  await page.goto(at(c.host, c.shop));
  await page
    .getByTestId("shop-item")
    .filter({ has: page.getByTestId("add-to-cart") })
    .nth(skip)
    .getByTestId("add-to-cart")
    .click();
  await expect(page.getByText(c.added).first()).toBeVisible(SLOW);
}

for (const c of CASES) {
  test(`a guest's cart, its lines and away: no console error (${c.lang})`, async ({ page }) => {
    const errors = collectErrors(page);
    // Instead of sleeping, each step waits until the island's sockets are quiet (subscribed, or closed).
    const sockets = watchSockets(page);
    await addFirstTraining(page, c);
    await islandUp(page);
    await addFirstTraining(page, c, 1);
    await page.getByTestId("cart-badge").first().click();
    await expect(page.getByTestId("cart-line")).toHaveCount(2, SLOW);
    await islandUp(page);
    await sockets.settled("up");
    // A line's choices through its form (client-side navigation, revalidation, the live update of the cart).
    const form = page.getByTestId("cart-line-form").first();
    for (const select of await form.locator("select").all()) {
      await select.selectOption((await select.locator("option:not([disabled])").first().getAttribute("value"))!);
    }
    await form.getByRole("button").click();
    await sockets.settled("up");
    // Away and back, a line removed (a live CartUpdate), then a login from the cart and away.
    await page.goto(at(c.host, c.home));
    await sockets.settled("up");
    await page.goto(at(c.host, c.cart));
    const line = page.getByTestId("cart-line").last();
    await line.getByTestId("cart-remove").locator("summary").click();
    await line.getByTestId("cart-remove-confirm").click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1, SLOW);
    await sockets.settled("up");
    // Logging in from the cart: the guest's island (the cart's channel) closes and the customer's starts.
    await page.getByTestId("cart-login-link").click();
    await page.getByLabel(c.email).fill(`shop.consoleguest.js.${c.lang}@demo.test`);
    await page.getByLabel(c.password).fill(PASSWORD);
    await page.getByRole("button", { name: c.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${c.cart}$`), SLOW);
    await expect(page.getByTestId("cart-line")).toHaveCount(1, SLOW);
    await islandUp(page);
    await sockets.settled("up");
    // Away through a link (client-side navigation): the line's course page.
    await page.getByTestId("cart-line").first().getByRole("link").first().click();
    await expect(page).not.toHaveURL(new RegExp(`${c.cart}$`), SLOW);
    await sockets.settled("up");
    await page.goto(at(c.host, c.home));
    await sockets.settled("up");
    expect(errors).toEqual([]);
  });

  test(`a shop customer's cart, logout and away: no console error (${c.lang})`, async ({ page, loginThroughFormAs }) => {
    const errors = collectErrors(page);
    // Instead of sleeping, each step waits until the island's sockets are quiet (subscribed, or closed).
    const sockets = watchSockets(page);
    await loginThroughFormAs(`shop.console.js.${c.lang}@demo.test`, { host: c.host });
    await islandUp(page);
    await addFirstTraining(page, c);
    await page.goto(at(c.host, c.cart));
    await expect(page.getByTestId("cart-line")).toHaveCount(1, SLOW);
    await sockets.settled("up");
    await page.goto(at(c.host, c.shop));
    await sockets.settled("up");
    await page.goBack();
    await expect(page.getByTestId("cart-line")).toHaveCount(1, SLOW);
    await sockets.settled("up");
    // Logging out stops the island (the user's channels are left, the socket closed).
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByTestId("user-menu-panel").getByRole("button", { name: c.logout }).click();
    await expect(page).not.toHaveURL(new RegExp(`${c.cart}$`), SLOW);
    await sockets.settled("down");
    await page.goto(at(c.host, c.home));
    await sockets.settled("down");
    expect(errors).toEqual([]);
  });
}
