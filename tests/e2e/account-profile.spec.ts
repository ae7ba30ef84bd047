import { expect, test } from "./support/fixtures.ts";

test.describe("profile", () => {
  test("the profile shows identity, establishment, contract and advisor @no-js", async ({ page, loginAs }) => {
    await loginAs("learner@demo.test");
    await page.goto("/compte/profil");
    await expect(page).toHaveTitle(/^Mon profil \| Officine Académie$/);
    await expect(page.getByTestId("profile-name")).toHaveText("Julie Morel");
    await expect(page.getByTestId("contract-state")).toContainText("Contrat valable jusqu'au");
    await expect(page.getByRole("heading", { name: "Mon conseiller" })).toBeVisible();
  });

  test("legacy userTab=1 goes to the infos page @no-js", async ({ page, loginAs }) => {
    await loginAs("learner@demo.test");
    await page.goto("/compte/profil?userTab=1");
    await expect(page).toHaveURL(/\/compte\/profil\/infos$/);
  });

  test("a read-only user sees no forms, only a notice @no-js", async ({ page, loginAs }) => {
    await loginAs("readonly@demo.test");
    await page.goto("/compte/profil/infos");
    await expect(page.getByTestId("read-only-notice")).toBeVisible();
    await expect(page.locator("main form")).toHaveCount(0);
  });

  test("a mobile phone update is saved @no-js-only", async ({ page, loginAs }) => {
    await loginAs("emma.leroy@demo.test");
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

  test("a birth date in the future or under 16 is refused with a message, nothing saved @no-js", async ({ page, loginAs }) => {
    await loginAs("lea.bernard@demo.test");
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

  test("the name is updated @no-js-only", async ({ page, loginAs }) => {
    await loginAs("maxime.durand@demo.test");
    await page.goto("/compte/profil/infos");
    await page.getByRole("textbox", { name: "Prénom" }).fill("Maxime-Alexandre");
    await page.getByRole("button", { name: "Enregistrer" }).first().click();
    await page.goto("/compte/profil");
    await expect(page.getByTestId("profile-name")).toHaveText("Maxime-Alexandre Durand");
  });

  test("the advisor message form is prefilled with the callback request @no-js", async ({ page, loginAs }) => {
    await loginAs("learner@demo.test");
    await page.goto("/compte/contact");
    await expect(page).toHaveTitle(/^Contacter mon conseiller \| Officine Académie$/);
    await expect(page.getByLabel("Votre message")).toHaveValue("Bonjour, pouvez-vous me rappeler, s'il vous plaît ?");
  });
});

test.describe("bookmarks (Mes favoris)", () => {
  test("the profile lists the bookmarks, each linking to its course page @no-js", async ({ page, loginAs }) => {
    await loginAs("learner@demo.test");
    await page.goto("/compte/profil");
    await page.getByRole("navigation", { name: "Mon compte" }).getByRole("link", { name: "Mes favoris" }).click();
    await expect(page).toHaveURL(/\/compte\/profil\/favoris$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mes favoris" })).toBeVisible();
    await expect(page.getByTestId("bookmark-item")).toHaveCount(4);
    await expect(page.getByText("4 formations en favori")).toBeVisible();
    await page
      .getByTestId("bookmarks-list")
      .getByRole("link", { name: /Vaccination à l'officine/ })
      .click();
    await expect(page.getByTestId("course-title")).toContainText("Vaccination à l'officine");
  });

  test("the catalogue's favourites filter keeps only the bookmarks @no-js", async ({ page, loginAs }) => {
    await loginAs("learner@demo.test");
    await page.goto("/catalogue");
    await page.getByLabel("Uniquement mes favoris").check();
    await page.getByRole("button", { name: "Appliquer les filtres" }).click();
    // The form also sends the sort in use (the user's remembered one with JavaScript).
    await expect(page).toHaveURL(/\/catalogue\?(.*&)?favourites=1(&|$)/);
    await expect(page.getByTestId("course-card")).toHaveCount(4);
    for (const toggle of await page.getByTestId("bookmark-toggle").all()) await expect(toggle).toHaveAttribute("aria-pressed", "true");
  });

  test("a guest asking for favourites is asked to log in first @no-js", async ({ page }) => {
    await page.goto("/catalogue?favourites=1");
    await expect(page).toHaveURL(/\/connexion\?redirect=%2Fcatalogue%3Ffavourites%3D1$/);
  });

  test("no bookmark: an empty state with a way to the catalogue @no-js", async ({ page, loginAs }) => {
    await loginAs("readonly@demo.test");
    await page.goto("/compte/profil/favoris");
    await expect(page.getByTestId("bookmarks-empty")).toContainText("Vous n'avez pas encore de formation en favori.");
    await page.getByTestId("bookmarks-empty").getByRole("link", { name: "Parcourir le catalogue" }).click();
    await expect(page).toHaveURL(/\/catalogue$/);
  });

  test("a bookmark set on the course page is listed, then removed from the list @no-js", async ({ page, loginAs }, testInfo) => {
    await loginAs(testInfo.project.name === "no-js" ? "camille.andre@demo.test" : "francois.marchand@demo.test");
    await page.goto("/formation/routine-dermocosmetique");
    const name = (await page.getByTestId("course-title").innerText()).trim();
    // Wait for the form's answer: with JavaScript the button shows the asked state while the post is still running.
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/formation/routine-dermocosmetique")),
      page.getByTestId("course-actions").getByTestId("bookmark-toggle").click(),
    ]);
    await expect(page.getByTestId("course-actions").getByTestId("bookmark-toggle")).toHaveAttribute("aria-pressed", "true");
    await page.goto("/compte/profil/favoris");
    const item = page.getByTestId("bookmark-item").filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await item.getByRole("button", { name: `Retirer « ${name} » de mes favoris` }).click();
    await expect(page).toHaveURL(/\/compte\/profil\/favoris$/);
    await expect(page.getByTestId("bookmark-item").filter({ hasText: name })).toHaveCount(0);
    await page.goto("/formation/routine-dermocosmetique");
    await expect(page.getByTestId("course-actions").getByTestId("bookmark-toggle")).toHaveAttribute("aria-pressed", "false");
  });
});

test("a shop customer (no pharmacy) reaches their own profile, history and attestations, never the account choice @no-js", async ({
  page,
  loginThroughFormAs,
}) => {
  await loginThroughFormAs("shop@demo.test");
  // The profile is in the header's user menu (issue 30): open it, then follow the link.
  await page.getByTestId("user-menu").locator("summary").click();
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
