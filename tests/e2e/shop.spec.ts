// The shop journeys (issue 14, ADR 0036), in French and Spanish, with JavaScript on and off: an anonymous visitor
// adds two trainings from /boutique, chooses function, session and funding in the cart, applies a demo code, logs in
// as a shop customer (the cart follows), pays with the sandbox card, sees the paid order with its invoice (a PDF)
// and finds the training in the learner area. A refused card books nothing; a cheque leaves the order pending and
// the order page says whom to pay, where and what to write. The sandbox payment page speaks the host's language
// with the brand's look whatever the browser's language (fr-FR here, on es.localhost too).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test, PASSWORD, localeCopy } from "./support/fixtures.ts";
import { BRANDS } from "#core/branding/brands.ts";
import { LEGAL_IDENTITIES } from "#core/branding/legal-identities.ts";
import { at, type Host } from "./support/hosts.ts";
import { joined } from "./support/realtime-sockets.ts";
import { seriousViolations } from "./support/axe";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";

const NO_JS = { tag: "@no-js" };
test.describe.configure({ mode: "default", timeout: 120_000 });
const SLOW = { timeout: 20_000 };
const project = () => (test.info().project.name === "no-js" ? "nojs" : "js");

type Case = {
  lang: "fr" | "es";
  brand: "fr" | "es";
  locale: string;
  host: Host;
  shop: string;
  cart: string;
  code: string;
  freeCode: string;
  text: Record<string, RegExp>;
  /** The billing form's labels, a refused and an accepted entry, and what the invoice prints of it (ADR 0102). */
  billing: {
    labels: Record<"address" | "postalCode" | "city" | "taxId", string>;
    bad: Record<string, string>;
    good: Record<string, string>;
    printed: string[];
  };
};
const CASES: Case[] = [
  {
    lang: "fr",
    brand: "fr",
    locale: "fr-FR",
    host: "localhost",
    shop: "/boutique",
    cart: "/boutique/panier",
    code: "BIENVENUE10",
    freeCode: "OFFERT100",
    text: {
      added: /Ajouté à votre panier/,
      updated: /Votre panier a été mis à jour/,
      applied: /Le code BIENVENUE10 a été appliqué/,
      unknownCode: /Le code NOPE123 n'existe pas/,
      paid: /Votre commande est payée/,
      refused: /Votre carte a été refusée/,
      cheque: /attend votre chèque/,
      chequeHeading: /^Comment payer par chèque$/,
      chequeReference: /^le numéro de commande \d+$/,
      sandboxTitle: /^Paiement sécurisé \(bac à sable\)$/,
      cardLabel: /^Numéro de carte$/,
      loginLink: /Se connecter pour payer/,
      payCard: /Payer par carte/,
      payCheck: /Payer par chèque/,
      login: /se connecter/i,
      email: /adresse e-mail/i,
      password: /^mot de passe$/i,
      billingFirst: /Complétez vos coordonnées de facturation ci-dessus pour payer/,
      billingError: /Code postal invalide \(5 chiffres\)/,
      billingSaved: /Vos coordonnées de facturation sont enregistrées/,
    },
    billing: {
      labels: { address: "Adresse", postalCode: "Code postal", city: "Ville", taxId: "N° TVA intracommunautaire (facultatif)" },
      bad: { address: "8 rue des Acheteurs", postalCode: "6900", city: "Lyon", taxId: "" },
      good: { address: "8 rue des Acheteurs", postalCode: "69006", city: "Lyon", taxId: "" },
      printed: ["8 rue des Acheteurs", "69006 Lyon"],
    },
  },
  {
    lang: "es",
    brand: "es",
    locale: "es-ES",
    host: "es.localhost",
    shop: "/tienda",
    cart: "/tienda/carrito",
    code: "BIENVENIDA10",
    freeCode: "REGALO100",
    text: {
      added: /Añadido a su carrito/,
      updated: /Su carrito se ha actualizado/,
      applied: /Se ha aplicado el código BIENVENIDA10/,
      unknownCode: /El código NOPE123 no existe/,
      paid: /Su pedido está pagado/,
      refused: /Su tarjeta ha sido rechazada/,
      cheque: /espera su cheque/,
      chequeHeading: /^Cómo pagar con cheque$/,
      chequeReference: /^el número de pedido \d+$/,
      sandboxTitle: /^Pago seguro \(entorno de pruebas\)$/,
      cardLabel: /^Número de tarjeta$/,
      loginLink: /Iniciar sesión para pagar/,
      payCard: /Pagar con tarjeta/,
      payCheck: /Pagar con cheque/,
      login: /entrar/i,
      email: /correo electrónico/i,
      password: /^contraseña$/i,
      billingFirst: /Complete sus datos de facturación más arriba para pagar/,
      billingError: /NIF no válido/,
      billingSaved: /Sus datos de facturación se han guardado/,
    },
    billing: {
      labels: { address: "Dirección", postalCode: "Código postal", city: "Localidad", taxId: "NIF o NIE" },
      bad: { address: "Calle del Comprador 8", postalCode: "28004", city: "Madrid", taxId: "12345678A" },
      good: { address: "Calle del Comprador 8", postalCode: "28004", city: "Madrid", taxId: "12345678Z" },
      printed: ["Calle del Comprador 8", "28004 Madrid", "NIF 12345678Z"],
    },
  },
];

/** Adds the first shop training with sessions (when `withSessions`) or without, not yet in the cart; returns its name. */
async function addTraining(page: Page, c: Case, withSessions: boolean): Promise<string> {
  await page.goto(at(c.host, c.shop));
  const items = page.getByTestId("shop-item").filter({ has: page.getByTestId("add-to-cart") });
  const item = (withSessions ? items.filter({ has: page.getByTestId("shop-sessions") }) : items.filter({ hasNot: page.getByTestId("shop-sessions") })).first();
  const name = (await item.getByTestId("course-card-link").innerText()).trim();
  await item.getByTestId("add-to-cart").click();
  await expect(page.getByText(c.text.added).first()).toBeVisible(SLOW);
  return name;
}

/**
 * In the cart: every line gets a function, a session (first with seats) and a funding in one submit of its own form
 * (issue 30 item 8); the sessions are listed by date. Answers what was chosen, line by line, as the selects show it.
 */
async function chooseOptions(page: Page, c: Case): Promise<string[][]> {
  const chosen: string[][] = [];
  const count = await page.getByTestId("cart-line-form").count();
  for (let i = 0; i < count; i++) {
    const form = page.getByTestId("cart-line-form").nth(i);
    const dates = await form
      .locator('select[name="session"] option[data-date]')
      .evaluateAll((options) => options.map((o) => o.getAttribute("data-date") ?? ""));
    expect(dates).toEqual([...dates].sort());
    const labels: string[] = [];
    for (const select of await form.locator("select").all()) {
      const option = select.locator("option:not([disabled])").first();
      await select.selectOption((await option.getAttribute("value"))!);
      labels.push((await option.innerText()).split(" · ").slice(0, 2).join(" · "));
    }
    expect(labels.length).toBeGreaterThan(0);
    await expect(form.getByRole("button")).toHaveCount(1);
    await form.getByRole("button").click();
    await expect(page.getByText(c.text.updated).first()).toBeVisible(SLOW);
    chosen.push(labels);
  }
  return chosen;
}

async function loginFromCart(page: Page, c: Case, email: string) {
  await page.getByRole("link", { name: c.text.loginLink }).click();
  await page.getByLabel(c.text.email).fill(email);
  await page.getByLabel(c.text.password).fill(PASSWORD);
  await page.getByRole("button", { name: c.text.login }).click();
  await expect(page).toHaveURL(new RegExp(`${c.cart}$`), SLOW);
}

/** Anonymous: two trainings (one with sessions), options, then login; answers the two names and the choices made. */
async function fillCartAndLogin(page: Page, c: Case, email: string): Promise<{ names: string[]; chosen: string[][] }> {
  const first = await addTraining(page, c, true);
  const second = await addTraining(page, c, false);
  await expect(page.getByTestId("cart-badge-count")).toHaveText("2");
  await page.goto(at(c.host, c.cart));
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const chosen = await chooseOptions(page, c);
  await expect(page.getByTestId("cart-not-ready")).toHaveCount(0);
  // The filled cart, its forms and totals: no serious accessibility violation (loaded afresh: no fading toast).
  if (project() === "js") {
    await page.goto(at(c.host, c.cart));
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await loginFromCart(page, c, email);
  // The anonymous cart merged into the account's.
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  return { names: [first, second], chosen };
}

/** The cart's billing form (ADR 0102): a refused entry keeps the page with the field's message, an accepted one lets pay. */
async function giveBillingDetails(page: Page, c: Case) {
  await expect(page.getByTestId("cart-billing-first")).toHaveText(c.text.billingFirst);
  await expect(page.getByTestId("cart-pay-card")).toHaveCount(0);
  const form = page.getByTestId("billing-form");
  const fill = async (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values))
      await form.getByLabel(c.billing.labels[field as keyof Case["billing"]["labels"]], { exact: true }).fill(value);
    await form.getByRole("button").click();
  };
  await fill(c.billing.bad);
  await expect(form.getByText(c.text.billingError)).toBeVisible(SLOW);
  await expect(page.getByTestId("cart-pay-card")).toHaveCount(0);
  // The form with its error: labelled fields, the error tied to its field, no serious accessibility violation.
  if (project() === "js") expect(await seriousViolations(page)).toEqual([]);
  await fill(c.billing.good);
  await expect(page.getByText(c.text.billingSaved).first()).toBeVisible(SLOW);
  await expect(page.getByTestId("billing-summary")).toContainText(c.billing.good.address);
}

const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

/** Pays on the sandbox's page, which must be in the host's language with the brand's logo, favicon and colours. */
async function paySandbox(page: Page, c: Case, card: string) {
  await page.getByTestId("cart-pay-card").click();
  await expect(page).toHaveURL(/\/back\/payments\/sandbox\//, SLOW);
  await expect(page.locator("html")).toHaveAttribute("lang", c.locale);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.text.sandboxTitle);
  await expect(page).toHaveTitle(new RegExp(`\\| ${BRANDS[c.brand].title}$`));
  await expect(page.locator(`header img[src="${BRANDS[c.brand].logo}"]`)).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", BRANDS[c.brand].favicon);
  if (project() === "js") expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel(c.text.cardLabel).fill(card);
  await page.getByRole("button", { name: /€/ }).click();
}

for (const c of CASES) {
  test.describe(`shop (${c.lang})`, localeCopy(c.lang), () => {
    test(`anonymous cart, options, code, login, card payment, invoice, learner area (${c.lang})`, NO_JS, async ({ page }) => {
      const email = `shop.buy.${project()}.${c.lang}@demo.test`;
      const { names, chosen } = await fillCartAndLogin(page, c, email);

      // A wrong code is refused with the API's message; the demo code applies and shows a discount.
      await page.getByLabel(/code de réduction|código de descuento/i).fill("NOPE123");
      await page.getByTestId("cart-discount-submit").click();
      await expect(page.getByText(c.text.unknownCode).first()).toBeVisible(SLOW);
      await expect(page.getByTestId("cart-discount")).toHaveCount(0);
      await page.getByLabel(/code de réduction|código de descuento/i).fill(c.code);
      await page.getByTestId("cart-discount-submit").click();
      await expect(page.getByText(c.text.applied).first()).toBeVisible(SLOW);
      await expect(page.getByTestId("cart-discount")).toBeVisible();
      await expect(page.getByTestId("cart-total-ttc")).toHaveText(/€/);

      // This customer has no billing details yet: the cart asks for them before any payment.
      await giveBillingDetails(page, c);
      await paySandbox(page, c, "4242 4242 4242 4242");
      await expect(page.getByTestId("order-page")).toHaveAttribute("data-status", "paid", SLOW);
      await expect(page.getByTestId("order-paid")).toHaveText(c.text.paid);
      await expect(page.getByTestId("order-line")).toHaveCount(2);
      // Each line says what was chosen in the cart: function, session (day and place) and funding.
      for (const [i, labels] of chosen.entries()) for (const label of labels) await expect(page.getByTestId("order-line").nth(i)).toContainText(label);
      await expect(page.getByTestId("order-line-session")).toHaveCount(1);
      await expect(page.getByTestId("order-line-function")).toHaveCount(2);

      // The invoice: a PDF, downloaded by the browser (same origin, authorised by the session cookie).
      await expect(page.getByTestId("order-invoice")).toHaveAttribute("href", /\/back\/api\/shop\/invoice\/\d+$/);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("order-invoice").click()]);
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      // Its text: the brand's sequential number and the VAT line of the country.
      const invoiceText = extractPdfText(fs.readFileSync(file));
      expect(invoiceText).toMatch(c.lang === "fr" ? /FR-\d{4}-\d{6}/ : /ESC?-\d{4}-\d{6}/);
      expect(invoiceText).toMatch(c.lang === "fr" ? /TVA/ : /IVA/);
      // Each line's session (its place), function and funding, under the training's name.
      const flat = invoiceText.replace(/\n/g, " ");
      const sessionLabel = chosen.flat().find((label) => label.includes(" · "))!;
      expect(flat).toContain(`${c.lang === "fr" ? "Session : " : "Sesión: "}`);
      expect(flat).toContain(sessionLabel.split(" · ")[1]);
      expect(flat.split(c.lang === "fr" ? "Fonction : " : "Función: ")).toHaveLength(3);
      expect(flat).toContain(c.lang === "fr" ? "Financement : " : "Financiación: ");
      // The buyer's legal data given in the cart.
      for (const printed of c.billing.printed) expect(invoiceText.replace(/\n/g, " ")).toContain(printed);

      // The trainings are the learner's now: the cart is empty and the learner area lists them.
      await page.goto(at(c.host, c.cart));
      await expect(page.getByTestId("cart-empty")).toBeVisible();
      await page.goto(at(c.host, c.lang === "fr" ? "/compte/profil" : "/cuenta/perfil"));
      for (const name of names) await expect(page.getByText(name).first()).toBeVisible(SLOW);
    });

    test(`a refused card books nothing and says why (${c.lang})`, NO_JS, async ({ page }) => {
      const email = `shop.refused.${project()}.${c.lang}@demo.test`;
      await fillCartAndLogin(page, c, email);
      await paySandbox(page, c, "4000 0000 0000 0002");
      await expect(page.getByTestId("order-page")).toHaveAttribute("data-status", "failed", SLOW);
      await expect(page.getByTestId("order-failure-message")).toHaveText(c.text.refused);
      await expect(page.getByTestId("order-invoice")).toHaveCount(0);
      // The page's links are in the brand's colour.
      await expect(page.getByTestId("order-cart-link")).toHaveCSS("color", rgbOf(BRANDS[c.brand].styles.primaryDark));
      // Nothing booked: the cart still holds both trainings, ready to pay again.
      await page.getByTestId("order-cart-link").click();
      await expect(page.getByTestId("cart-line")).toHaveCount(2);
      await expect(page.getByTestId("cart-pay-card")).toBeVisible();
    });

    test(`a 100 % code makes the order free: confirmed without payment, the training is the learner's (${c.lang})`, NO_JS, async ({ page }) => {
      const email = `shop.free.${project()}.${c.lang}@demo.test`;
      const name = await addTraining(page, c, false);
      await page.goto(at(c.host, c.cart));
      await chooseOptions(page, c);
      await loginFromCart(page, c, email);
      await page.getByLabel(/code de réduction|código de descuento/i).fill(c.freeCode);
      await page.getByTestId("cart-discount-submit").click();
      await expect(page.getByTestId("cart-discount")).toBeVisible(SLOW);
      // Nothing to pay: no card or cheque, one confirmation.
      await expect(page.getByTestId("cart-pay-card")).toHaveCount(0);
      await page.getByTestId("cart-pay-free").click();
      await expect(page.getByTestId("order-page")).toHaveAttribute("data-status", "paid", SLOW);
      await page.goto(at(c.host, c.lang === "fr" ? "/compte/profil" : "/cuenta/perfil"));
      await expect(page.getByText(name).first()).toBeVisible(SLOW);
    });

    test(`pay by cheque leaves the order pending and says how to pay: payee, address, amount, reference (${c.lang})`, NO_JS, async ({ page }) => {
      const email = `shop.cheque.${project()}.${c.lang}@demo.test`;
      await fillCartAndLogin(page, c, email);
      await page.getByTestId("cart-pay-check").click();
      await expect(page.getByTestId("order-page")).toHaveAttribute("data-status", "pending", SLOW);
      await expect(page.getByTestId("order-pending-check")).toHaveText(c.text.cheque);
      await expect(page.getByTestId("order-invoice")).toHaveCount(0);
      const { payee, address } = LEGAL_IDENTITIES[c.brand].cheques;
      const orderId = new URL(page.url()).searchParams.get("order");
      const instructions = page.getByRole("region", { name: c.text.chequeHeading });
      await expect(instructions).toBeVisible();
      await expect(instructions.getByTestId("cheque-payee")).toHaveText(payee);
      await expect(instructions.getByTestId("cheque-amount")).toHaveText((await page.getByTestId("order-total-ttc").innerText()).trim());
      await expect(instructions.getByTestId("cheque-reference")).toHaveText(c.text.chequeReference);
      await expect(instructions.getByTestId("cheque-reference")).toContainText(orderId!);
      await expect(instructions.getByTestId("cheque-address")).toContainText(address.street);
      await expect(instructions.getByTestId("cheque-address")).toContainText(`${address.postalCode} ${address.city}`);
      if (project() === "js") expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test("a guest adds to the cart from a catalogue card and from a course page", NO_JS, async ({ page }) => {
  await page.goto(at("localhost", "/catalogue"));
  const card = page
    .getByTestId("course-card")
    .filter({ has: page.getByTestId("add-to-cart") })
    .first();
  const name = (await card.getByTestId("course-card-link").innerText()).trim();
  await card.getByTestId("add-to-cart").click();
  await expect(page.getByText(/Ajouté à votre panier/).first()).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/catalogue/);
  await expect(page.getByTestId("cart-badge-count")).toHaveText("1");
  // The course page of another training.
  await page.goto(at("localhost", "/catalogue"));
  const other = page
    .getByTestId("course-card")
    .filter({ has: page.getByTestId("add-to-cart") })
    .filter({ hasNotText: name })
    .first();
  await other.getByTestId("course-card-link").click();
  await page.getByTestId("course-actions").getByTestId("add-to-cart").click();
  await expect(page.getByText(/Ajouté à votre panier/).first()).toBeVisible(SLOW);
  await expect(page.getByTestId("cart-badge-count")).toHaveText("2");
  await page.goto(at("localhost", "/boutique/panier"));
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("cart-line").filter({ hasText: name })).toHaveCount(1);
  // Removing asks first (a <details> step), then the line goes.
  const line = page.getByTestId("cart-line").filter({ hasText: name });
  await line.getByTestId("cart-remove").locator("summary").click();
  await line.getByTestId("cart-remove-confirm").click();
  await expect(page.getByText(/Retiré de votre panier/).first()).toBeVisible(SLOW);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("a learner of a pharmacy is sent away from the shop", async ({ page, loginAs }) => {
  await loginAs("learner@demo.test");
  await page.goto(at("localhost", "/boutique"));
  await expect(page).not.toHaveURL(/\/boutique/);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

test("live cart: a second tab of a shop customer follows the cart without a reload", async ({ browser, loginAs }) => {
  const context = await browser.newContext();
  const [tabA, tabB] = [await context.newPage(), await context.newPage()];
  await loginAs("shop.live.js.fr@demo.test", { page: tabA });
  const c = CASES[0];
  const first = await addTraining(tabA, c, false);
  const tabBJoinedCart = joined(tabB, /^private-cart\./);
  await tabB.goto(at("localhost", "/boutique/panier"));
  await expect(tabB.getByTestId("cart-line")).toHaveCount(1);
  const cartId = await tabB.getByTestId("cart-page").getAttribute("data-cart-id");
  // Tab B has joined the cart's private channel.
  await expect.poll(async () => await tabB.evaluate(() => Boolean((window as unknown as { __realtime?: unknown }).__realtime)), SLOW).toBe(true);
  await tabBJoinedCart;
  await tabB.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  // Tab A adds a second training: tab B shows it, same document (no reload).
  await tabA.goto(at("localhost", "/boutique"));
  const item = tabA
    .getByTestId("shop-item")
    .filter({ has: tabA.getByTestId("add-to-cart") })
    .filter({ hasNotText: first })
    .first();
  await item.getByTestId("add-to-cart").click();
  // (The flash toast may show in either tab: they share its cookie.)
  await expect(tabA.getByTestId("cart-badge-count")).toHaveText("2", SLOW);
  await expect(tabB.getByTestId("cart-line")).toHaveCount(2, SLOW);
  expect(await tabB.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  expect(cartId).toBeTruthy();
  await context.close();
});

test("live cart: a second tab of an anonymous visitor follows the cart without a reload (the cart cookie's channel)", async ({ browser }) => {
  const context = await browser.newContext();
  const [tabA, tabB] = [await context.newPage(), await context.newPage()];
  const c = CASES[0];
  // No login: the cart lives behind the cart cookie both tabs share.
  const first = await addTraining(tabA, c, false);
  const tabBJoinedCart = joined(tabB, /^private-cart\./);
  await tabB.goto(at("localhost", "/boutique/panier"));
  await expect(tabB.getByTestId("cart-line")).toHaveCount(1);
  // Tab B (a guest) has started the realtime client for its cart's private channel, authorised by the cart cookie.
  await expect.poll(async () => await tabB.evaluate(() => Boolean((window as unknown as { __realtime?: unknown }).__realtime)), SLOW).toBe(true);
  await tabBJoinedCart;
  await tabB.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  // Tab A adds a second training: tab B shows it in the same document (no reload), and its badge follows.
  await tabA.goto(at("localhost", "/boutique"));
  const item = tabA
    .getByTestId("shop-item")
    .filter({ has: tabA.getByTestId("add-to-cart") })
    .filter({ hasNotText: first })
    .first();
  await item.getByTestId("add-to-cart").click();
  // (The flash toast may show in either tab: they share its cookie.)
  await expect(tabA.getByTestId("cart-badge-count")).toHaveText("2", SLOW);
  await expect(tabB.getByTestId("cart-line")).toHaveCount(2, SLOW);
  await expect(tabB.getByTestId("cart-badge-count")).toHaveText("2");
  expect(await tabB.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  // Removing in tab B shows in tab A, which sits on the shop page: its badge goes back to 1.
  const line = tabB.getByTestId("cart-line").filter({ hasText: first });
  await line.getByTestId("cart-remove").locator("summary").click();
  await line.getByTestId("cart-remove-confirm").click();
  await expect(tabB.getByTestId("cart-line")).toHaveCount(1, SLOW);
  await expect(tabA.getByTestId("cart-badge-count")).toHaveText("1", SLOW);
  await context.close();
});
