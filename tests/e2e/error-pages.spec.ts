// Error pages and paths per language (issue 30 items 3 and 5, ADR 0110), with JavaScript on and off, in French and
// Spanish: a learner opening the administration gets a translated 403 in the site's layout with a way on; a 404 and a
// refused form token likewise; es.localhost/gestion/ma-pharmacie leads to the Spanish login and then to
// /administracion/mi-farmacia, whose tabs all have Spanish paths.
import type { Page } from "@playwright/test";
import { expect, test, localeCopy } from "./support/fixtures.ts";
import { at, type Host } from "./support/hosts";
import { seriousViolationsWithJs } from "./support/axe";

const NO_JS = { tag: "@no-js" };

const CASES = [
  {
    host: "localhost" as Host,
    locale: "fr-FR",
    learner: "learner@demo.test",
    login: "/connexion",
    forbidden: "Accès refusé",
    notFound: "Page introuvable",
    expired: "Formulaire expiré",
    home: "Retour à l'accueil",
    reload: "Recharger la page",
    title: "Accès refusé | Officine Académie",
  },
  {
    host: "es.localhost" as Host,
    locale: "es-ES",
    learner: "learner.es@demo.test",
    login: "/conexion",
    forbidden: "Acceso denegado",
    notFound: "Página no encontrada",
    expired: "Formulario caducado",
    home: "Volver al inicio",
    reload: "Recargar la página",
    title: "Acceso denegado | AulaFarma",
  },
];

/** The site's layout is there, and no translation key shows as is. */
async function expectLayoutWithoutRawKeys(page: Page) {
  await expect(page.getByTestId("brand-title")).toBeVisible();
  await expect(page.getByTestId("site-footer")).toBeVisible();
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/\b(nav|errors|common)\.[a-z][a-zA-Z]+\b/);
  expect(text).not.toMatch(/\bForbidden\b|Unexpected Server Error/);
}

for (const c of CASES) {
  test(
    `${c.locale}: a learner who opens /admin gets a translated 403 page in the layout, and goes home from it`,
    { tag: [NO_JS.tag, ...localeCopy(c.locale).tag] },
    async ({ page, loginAs }) => {
      await loginAs(c.learner, { host: c.host });
      const response = await page.goto(at(c.host, "/admin"));
      expect(response?.status()).toBe(403);
      await expect(page.locator("html")).toHaveAttribute("lang", c.locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.forbidden);
      await expect(page).toHaveTitle(c.title);
      await expectLayoutWithoutRawKeys(page);
      expect(await seriousViolationsWithJs(page)).toEqual([]);
      await page.getByRole("main").getByRole("link", { name: c.home }).click();
      await expect(page).not.toHaveURL(/\/admin$/);
      await expect(page.getByTestId("brand-title")).toBeVisible();
    },
  );

  test(`${c.locale}: a 404 and a refused form token have the layout and a way on`, NO_JS, async ({ page, context }) => {
    const missing = await page.goto(at(c.host, "/rien-ici-nada"));
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.notFound);
    await expectLayoutWithoutRawKeys(page);

    // A login form whose token no longer matches its cookie (the cookie is gone, as after clearing the browser's): 419.
    await page.goto(at(c.host, c.login));
    await context.clearCookies({ name: "csrf" });
    await page.getByLabel(/adresse e-mail|correo electrónico/i).fill(c.learner);
    await page.getByLabel(/^(mot de passe|contraseña)$/i).fill("demo1234");
    await page.getByRole("button", { name: /se connecter|entrar/i }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.expired);
    await expectLayoutWithoutRawKeys(page);
    expect(await seriousViolationsWithJs(page)).toEqual([]);
    // The way on: a fresh form.
    await page.getByRole("main").getByRole("link", { name: c.reload }).click();
    await expect(page.getByRole("button", { name: /se connecter|entrar/i })).toBeVisible();
  });
}

test("es.localhost/gestion/ma-pharmacie leads to the Spanish login, then to /administracion/mi-farmacia with Spanish tabs", NO_JS, async ({ page }) => {
  await page.goto(at("es.localhost", "/gestion/ma-pharmacie"));
  await expect(page).toHaveURL(at("es.localhost", `/conexion?redirect=${encodeURIComponent("/administracion/mi-farmacia")}`));
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  await page.getByLabel(/correo electrónico/i).fill("referent.es@demo.test");
  await page.getByLabel(/^contraseña$/i).fill("demo1234");
  await page.getByRole("button", { name: /entrar/i }).click();
  await expect(page).toHaveURL(new RegExp("/administracion/mi-farmacia/"));
  const tabs = page.getByRole("navigation", { name: "Pestañas de la administración de la farmacia" });
  // With JavaScript on the address changes before the page it leads to is shown: wait for the tabs, not the address.
  await expect(tabs.getByRole("link").first()).toBeVisible();
  const hrefs = await tabs.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    expect(href).toMatch(/^\/administracion\/mi-farmacia\//);
    expect(href).not.toMatch(/plan-collectif|tableau-de-bord|prises-en-charge|factures|attestations|contrat$/);
  }
  // Each tab opens on its Spanish path.
  for (const href of hrefs) {
    const response = await page.goto(at("es.localhost", href));
    expect(response?.status(), href).toBe(200);
    await expect(page).toHaveURL(at("es.localhost", href));
  }
  // An old French link still leads there.
  await page.goto(at("es.localhost", "/gestion/ma-pharmacie/factures"));
  await expect(page).toHaveURL(at("es.localhost", "/administracion/mi-farmacia/facturas"));
});
