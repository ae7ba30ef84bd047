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

  test("a birth date in the future or under 16 is refused with a message, nothing saved @no-js", async ({ page }) => {
    await login(page, "lea.bernard@demo.test");
    await page.goto("/compte/profil/infos");
    const birthDate = page.getByLabel("Date de naissance");
    const before = await birthDate.inputValue();
    for (const [value, message] of [
      ["2099-01-01", "La date de naissance ne peut pas être dans le futur."],
      ["1850-05-01", "Saisissez une date de naissance postérieure au 1er janvier 1900."],
      [`${new Date().getFullYear() - 5}-01-01`, "Vous devez avoir au moins 16 ans"],
    ]) {
      await page.getByLabel("Date de naissance").fill(value);
      await page.getByRole("region", { name: "Coordonnées personnelles" }).getByRole("button", { name: "Enregistrer" }).click();
      await expect(page.getByLabel("Date de naissance")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("region", { name: "Coordonnées personnelles" })).toContainText(message);
    }
    await page.goto("/compte/profil/infos");
    await expect(page.getByLabel("Date de naissance")).toHaveValue(before);
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
