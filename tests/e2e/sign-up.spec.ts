// The public sign-up (issue 30 item 1, ADR 0109), in French and Spanish, with JavaScript on and off: an anonymous
// visitor fills a cart, signs up from the cart (who, the password, the billing details), is told to check the mailbox,
// confirms the address from the mail file, finds the cart again, pays on the sandbox and finds the training in the
// learner area. The sign-up page and the confirmation page have no serious accessibility violation.
import type { Page } from "@playwright/test";
import { expect, test, localeCopy } from "./support/fixtures.ts";
import { e2eServerDataDir, waitForLinkTo } from "../support/mailbox.ts";
import { at, PORT, type Host } from "./support/hosts.ts";
import { seriousViolations } from "./support/axe";
import { SIGN_UP_MIN_SECONDS } from "../../server/back/modules/signup/form-token.ts";

const NO_JS = { tag: "@no-js" };
test.describe.configure({ mode: "default", timeout: 120_000 });
const SLOW = { timeout: 20_000 };
const project = () => (test.info().project.name === "no-js" ? "nojs" : "js");

type Case = {
  lang: "fr" | "es";
  host: Host;
  shop: string;
  cart: string;
  profile: string;
  labels: Record<string, string>;
  billing: Record<string, string>;
  text: Record<string, RegExp>;
};

const CASES: Case[] = [
  {
    lang: "fr",
    host: "localhost",
    shop: "/boutique",
    cart: "/boutique/panier",
    profile: "/compte/profil",
    labels: {
      firstName: "Prénom",
      lastName: "Nom",
      email: "Adresse e-mail",
      password: "Mot de passe",
      passwordConfirmation: "Confirmation du mot de passe",
      address: "Adresse",
      postalCode: "Code postal",
      city: "Ville",
    },
    billing: { address: "3 rue des Inscrits", postalCode: "69007", city: "Lyon" },
    text: {
      signUpLink: /Créer un compte pour payer/,
      terms: /J'accepte les conditions générales/,
      submit: /^Créer mon compte$/,
      postalError: /Code postal invalide \(5 chiffres\)/,
      sent: /^Vérifiez votre messagerie$/,
      confirm: /^Confirmer mon adresse$/,
      confirmed: /Votre adresse e-mail est confirmée/,
      sandboxCard: /^Numéro de carte$/,
    },
  },
  {
    lang: "es",
    host: "es.localhost",
    shop: "/tienda",
    cart: "/tienda/carrito",
    profile: "/cuenta/perfil",
    labels: {
      firstName: "Nombre",
      lastName: "Apellidos",
      email: "Correo electrónico",
      password: "Contraseña",
      passwordConfirmation: "Confirmación de la contraseña",
      address: "Dirección",
      postalCode: "Código postal",
      city: "Localidad",
      taxId: "NIF o NIE",
    },
    billing: { address: "Calle de los Registros 3", postalCode: "28004", city: "Madrid", taxId: "12345678Z" },
    text: {
      signUpLink: /Crear una cuenta para pagar/,
      terms: /Acepto las condiciones generales/,
      submit: /^Crear mi cuenta$/,
      postalError: /Código postal no válido/,
      sent: /^Revise su correo$/,
      confirm: /^Confirmar mi dirección$/,
      confirmed: /Su correo electrónico está confirmado/,
      sandboxCard: /^Número de tarjeta$/,
    },
  },
];

/** The first shop training without sessions, added to the cart; its name. */
async function addTraining(page: Page, c: Case): Promise<string> {
  await page.goto(at(c.host, c.shop));
  const item = page
    .getByTestId("shop-item")
    .filter({ has: page.getByTestId("add-to-cart") })
    .filter({ hasNot: page.getByTestId("shop-sessions") })
    .first();
  const name = (await item.getByTestId("course-card-link").innerText()).trim();
  await item.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-badge-count")).toHaveText("1", SLOW);
  return name;
}

/** Each line's choices (function, funding) through their own forms. */
/** Each cart line's choices (function, session, funding) in its one form (ADR 0115): the first offered of each. */
async function chooseOptions(page: Page) {
  const count = await page.getByTestId("cart-line-form").count();
  for (let i = 0; i < count; i++) {
    const form = page.getByTestId("cart-line-form").nth(i);
    const values: string[] = [];
    for (const select of await form.locator("select").all()) {
      const value = (await select.locator("option:not([disabled])").first().getAttribute("value"))!;
      await select.selectOption(value);
      values.push(value);
    }
    await Promise.all([page.waitForLoadState(), form.getByRole("button").click()]);
    const selects = page.getByTestId("cart-line-form").nth(i).locator("select");
    for (let j = 0; j < values.length; j++) await expect(selects.nth(j)).toHaveValue(values[j], SLOW);
  }
}

for (const c of CASES) {
  test(
    `sign up from the cart, confirm from the mail, pay and find the training (${c.lang})`,
    { tag: [NO_JS.tag, ...localeCopy(c.lang).tag] },
    async ({ page }) => {
      const email = `sign.up.${project()}.${c.lang}.${Date.now()}@signup.test`;
      const name = await addTraining(page, c);
      await page.goto(at(c.host, c.cart));
      await chooseOptions(page);
      await expect(page.getByTestId("cart-not-ready")).toHaveCount(0);

      // The cart offers the sign-up beside the login.
      await page.getByRole("link", { name: c.text.signUpLink }).click();
      await expect(page.getByTestId("sign-up-form")).toBeVisible(SLOW);
      if (project() === "js") expect(await seriousViolations(page)).toEqual([]);

      const form = page.getByTestId("sign-up-form");
      const fill = async (values: Record<string, string>) => {
        for (const [field, value] of Object.entries(values)) await form.getByLabel(c.labels[field], { exact: true }).fill(value);
      };
      await fill({
        firstName: "Inès",
        lastName: "Nouvelle",
        email,
        password: "bienvenue1",
        passwordConfirmation: "bienvenue1",
        ...c.billing,
        postalCode: "123",
      });
      await form.getByLabel(c.text.terms).check();
      // A person takes a few seconds to fill the form: one sent faster is refused (ADR 0109). Wait until the form is
      // that old by its own token ("issuedAt.signature", the server's time of showing it).
      const issuedAt = Number((await form.locator('input[name="formToken"]').inputValue()).split(".")[0]);
      await expect.poll(() => Date.now() - issuedAt).toBeGreaterThan(SIGN_UP_MIN_SECONDS * 1000 + 100);
      await form.getByRole("button", { name: c.text.submit }).click();
      // A wrong postal code: the field's message, and what was typed is kept (but the passwords).
      await expect(form.getByText(c.text.postalError)).toBeVisible(SLOW);
      await expect(form.getByLabel(c.labels.email, { exact: true })).toHaveValue(email);
      await expect(form.getByLabel(c.text.terms)).toBeChecked();
      await fill({ postalCode: c.billing.postalCode, password: "bienvenue1", passwordConfirmation: "bienvenue1" });
      await form.getByRole("button", { name: c.text.submit }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.text.sent, SLOW);
      await expect(page.getByTestId("sign-up-sent")).toBeVisible();

      // The link of the mail: a page with a button (a mail scanner opening the link changes nothing).
      // The confirmation link mailed to that address (unique to the run).
      await page.goto(at(c.host, await waitForLinkTo(e2eServerDataDir(PORT), email, /\/(?:inscription\/confirmer|registro\/confirmar)\/[A-Za-z0-9_-]+/)));
      if (project() === "js") expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: c.text.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`${c.cart}$`), SLOW);
      await expect(page.getByText(c.text.confirmed).first()).toBeVisible(SLOW);
      // The cart survived the sign-up; the billing details came with it: paying is offered.
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
      await expect(page.getByTestId("billing-summary")).toContainText(c.billing.address);

      await page.getByTestId("cart-pay-card").click();
      await expect(page).toHaveURL(/\/back\/payments\/sandbox\//, SLOW);
      await page.getByLabel(c.text.sandboxCard).fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: /€/ }).click();
      await expect(page.getByTestId("order-page")).toHaveAttribute("data-status", "paid", SLOW);

      await page.goto(at(c.host, c.profile));
      await expect(page.getByText(name).first()).toBeVisible(SLOW);
    },
  );
}

test("the login page leads to the sign-up", async ({ page }) => {
  await page.goto(at("localhost", "/connexion"));
  await page.getByTestId("login-sign-up-link").click();
  await expect(page).toHaveURL(/\/inscription$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer un compte");
});
