import { expect, test } from "./support/fixtures.ts";
import { at } from "./support/hosts";

test("an unmatched path is a 404 'Page not found: {path}' inside the site", { tag: "@no-js" }, async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found-detail")).toHaveText("Page not found: /cette-page-n-existe-pas");
  await expect(page.getByText("Page not found: /cette-page-n-existe-pas")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  await expect(page.getByText("Oups !")).toBeVisible();
  await expect(page.getByTestId("not-found-page").locator('img[src="/images/not-found.svg"]')).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle("Page introuvable | Officine Académie");
  // The site's header and footer stay; no stack for a 404.
  await expect(page.getByTestId("brand-title")).toBeVisible();
  await expect(page.getByTestId("site-footer")).toBeVisible();
  await expect(page.getByText("Détails techniques")).toHaveCount(0);
});

test("a training type outside the ten is a 404 'Page Not Found: {path}'", { tag: "@no-js" }, async ({ page }) => {
  const response = await page.goto("/masterclass/gestion-du-stress");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found-detail")).toHaveText("Page Not Found: /masterclass/gestion-du-stress");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toBeVisible();
  await expect(page.getByTestId("site-footer")).toBeVisible();
});

test("the 404 page speaks the visitor's language", { tag: "@no-js" }, async ({ page }) => {
  const response = await page.goto(at("es.localhost", "/no-existe"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
  await expect(page.getByTestId("not-found-detail")).toHaveText("Page not found: /no-existe");
  await expect(page).toHaveTitle("Página no encontrada | AulaFarma");
});

test("the back-home button of the 404 page leads home", { tag: "@no-js" }, async ({ page }) => {
  await page.goto("/nulle-part");
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(at("localhost", "/"));
  await expect(page.getByTestId("home-hero")).toBeVisible();
});
