import { expect, test } from "@playwright/test";
import { login } from "./account-helpers";

test.describe("profile", () => {
  test("the profile shows identity, establishment, contract and advisor @no-js", async ({ page }) => {
    await login(page, "learner@demo.test");
    await page.goto("/compte/profil");
    await expect(page).toHaveTitle(/^Mon profil \| Officine Académie$/);
    await expect(page.getByTestId("profile-name")).toHaveText("Julie Morel");
    await expect(page.getByTestId("contract-state")).toContainText("Contrat valable jusqu'au");
    await expect(page.getByRole("heading", { name: "Mon conseiller" })).toBeVisible();
  });

  test("legacy userTab=1 goes to the infos page @no-js", async ({ page }) => {
    await login(page, "learner@demo.test");
    await page.goto("/compte/profil?userTab=1");
    await expect(page).toHaveURL(/\/compte\/profil\/infos$/);
  });

  test("a read-only user sees no forms, only a notice @no-js", async ({ page }) => {
    await login(page, "readonly@demo.test");
    await page.goto("/compte/profil/infos");
    await expect(page.getByTestId("read-only-notice")).toBeVisible();
    await expect(page.locator("main form")).toHaveCount(0);
  });

  test("a mobile phone update is saved @no-js-only", async ({ page }) => {
    await login(page, "emma.leroy@demo.test");
    await page.goto("/compte/profil/infos");
    await page.getByRole("textbox", { name: "Téléphone mobile" }).fill("not a phone");
    await page.getByRole("button", { name: "Enregistrer" }).nth(1).click();
    await expect(page.getByRole("textbox", { name: "Téléphone mobile" })).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("textbox", { name: "Téléphone mobile" }).fill("06 12 34 56 78");
    await page.getByRole("button", { name: "Enregistrer" }).nth(1).click();
    await expect(page).toHaveURL(/\/compte\/profil\/infos$/);
    await page.goto("/compte/profil/infos");
    await expect(page.getByRole("textbox", { name: "Téléphone mobile" })).toHaveValue("06 12 34 56 78");
  });

  test("the name is updated @no-js-only", async ({ page }) => {
    await login(page, "maxime.durand@demo.test");
    await page.goto("/compte/profil/infos");
    await page.getByRole("textbox", { name: "Prénom" }).fill("Maxime-Alexandre");
    await page.getByRole("button", { name: "Enregistrer" }).first().click();
    await page.goto("/compte/profil");
    await expect(page.getByTestId("profile-name")).toHaveText("Maxime-Alexandre Durand");
  });

  test("the advisor message form is prefilled with the callback request @no-js", async ({ page }) => {
    await login(page, "learner@demo.test");
    await page.goto("/compte/contact");
    await expect(page).toHaveTitle(/^Contacter mon conseiller \| Officine Académie$/);
    await expect(page.getByLabel("Votre message")).toHaveValue("Bonjour, pouvez-vous me rappeler, s'il vous plaît ?");
  });
});

test("a shop customer (no pharmacy) reaches their own profile, history and attestations, never the account choice @no-js", async ({ page }) => {
  await login(page, "shop@demo.test");
  await page.getByRole("link", { name: /Mon profil/ }).click();
  await expect(page).toHaveURL(/\/compte\/profil$/);
  await expect(page.getByTestId("profile-no-establishment")).toHaveText("Compte personnel (achats en boutique), sans pharmacie.");
  for (const path of ["/compte/profil/historique", "/compte/profil/attestation", "/compte/profil/plan-de-formation", "/compte/contact"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(new URL(response!.url()).pathname, path).toBe(path);
  }
  // A stale link to the account choice sends them on instead of to a dead end.
  await page.goto("/choix-du-compte?redirect=%2Fcompte%2Fprofil%2Fhistorique");
  await expect(page).toHaveURL(/\/compte\/profil\/historique$/);
});
