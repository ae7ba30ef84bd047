// Issue 30 item 2 and issue 29 items 5 and 6, JavaScript on and off (@no-js runs in both projects): the header's user
// menu leads holders and administrators into their areas in two clicks, switches the pharmacy in use, and a member
// of two pharmacies chooses after login; a shop customer takes a free training the shop does not sell.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { seriousViolations } from "./support/axe";

/** axe runs its script in the page: with JavaScript on only (the no-js project checks the same pages without it). */
async function expectNoSeriousViolation(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  expect(await seriousViolations(page)).toEqual([]);
}

/** The two clicks: open the user menu, follow the area's link. */
async function enterArea(page: Page, label: string) {
  const menu = page.getByTestId("user-menu");
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: label }).click();
}

test.describe("doors to every area", () => {
  test("a holder reaches pharmacy management from the header in two clicks (fr) @no-js", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("holder@demo.test");
    await enterArea(page, "Gérer ma pharmacie");
    await expect(page).toHaveURL(/\/gestion\/ma-pharmacie(\/|$)/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a referent reaches pharmacy management from the header in two clicks (es) @no-js", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("referent.es@demo.test", { host: "es.localhost" });
    await enterArea(page, "Gestionar mi farmacia");
    await expect(page).toHaveURL(/\/administracion\/mi-farmacia(\/|$)/);
  });

  test("an administrator reaches the administration from the header in two clicks, and from the profile @no-js", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("admin@demo.test");
    await enterArea(page, "Administration");
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/compte/profil");
    await page.getByTestId("profile-areas").getByRole("link", { name: "Administration" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a learner's menu has no link to an area it cannot enter; axe finds nothing serious with the menu open @no-js", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("learner@demo.test");
    const menu = page.getByTestId("user-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Mon profil" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Gérer ma pharmacie|Administration/ })).toHaveCount(0);
    await expect(menu.getByTestId("current-account")).toContainText("Pharmacie du Marché");
    await expectNoSeriousViolation(page);
  });
});

test.describe("the pharmacy in use", () => {
  test("a member of two pharmacies chooses after login, then switches from the user menu @no-js", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("multi@demo.test");
    // On a fresh database no pharmacy is in use: the choice comes first (the integration test doors.test.ts checks
    // exactly that). The server is shared by both projects and account-auth.spec.ts, whose choice is remembered for
    // the next login: then the user menu names the pharmacy in use. Never the catalogue without one.
    if (!/\/choix-du-compte/.test(page.url())) {
      await page.getByTestId("user-menu").locator("summary").click();
      await expect(page.getByTestId("current-account")).toContainText(/Pharmacie des Halles|Pharmacie du Vieux-Port/);
      await page.goto("/choix-du-compte?redirect=%2Fcatalogue");
    }
    await expect(page).toHaveURL(/\/choix-du-compte\?redirect=%2Fcatalogue$/);
    await expectNoSeriousViolation(page);
    await page.getByRole("button", { name: /Choisir\s+Pharmacie des Halles/ }).click();
    await expect(page).toHaveURL(/\/catalogue$/);

    const menu = page.getByTestId("user-menu");
    await menu.locator("summary").click();
    await expect(menu.getByTestId("current-account")).toContainText("Pharmacie des Halles");
    await expect(menu.getByRole("link", { name: "Gérer ma pharmacie" })).toBeVisible();
    await expectNoSeriousViolation(page);
    await menu.getByRole("button", { name: "Passer à Pharmacie du Vieux-Port" }).click();
    await expect(page).toHaveURL(/\/catalogue$/);

    // The same page, now in the other pharmacy (with JavaScript, once the switch has landed and closed the menu).
    await expect(page.getByTestId("current-account")).toContainText("Pharmacie du Vieux-Port");
    await page.getByTestId("user-menu").locator("summary").click();
    // A learner there: no management link any more.
    await expect(page.getByTestId("user-menu").getByRole("link", { name: "Gérer ma pharmacie" })).toHaveCount(0);
    await expect(page.getByTestId("user-menu").getByRole("button", { name: "Passer à Pharmacie des Halles" })).toBeVisible();
  });
});

test.describe("shop customers on free trainings", () => {
  test("a shop customer takes the free video the shop does not sell @no-js", async ({ page, loginThroughFormAs }) => {
    // A shop customer of this project's own (the cart console's, whose test never looks at enrolments): the js and
    // no-js runs of this test go at once on one server, and with one account each would see the other's enrolment.
    await loginThroughFormAs(`shop.console.${test.info().project.name === "no-js" ? "nojs" : "js"}.fr@demo.test`);
    await page.goto("/video/mesure-tension-video");
    const actions = page.getByTestId("course-actions");
    // A retry starts where a failed attempt stopped: leave the enrolment it may have left, through the same step.
    if (test.info().retry > 0 && (await actions.getByTestId("enrolment").count()) > 0) {
      await actions.getByTestId("unsubscribe-link").click();
      await expect(page).toHaveURL(/\?unsubscribe=confirm/);
      await actions.getByTestId("unsubscribe-button").click();
      await expect(actions.getByTestId("enrolment")).toHaveCount(0, { timeout: 20_000 });
    }
    await expect(actions.getByTestId("enrolment-shop")).toHaveCount(0);
    await expectNoSeriousViolation(page);
    await actions.getByRole("button", { name: "S'inscrire à la formation" }).click();
    await expect(actions.getByTestId("enrolment-status")).toHaveText("Vous êtes inscrit à cette formation.");
    await actions.getByRole("link", { name: "Accéder à la formation" }).click();
    await expect(page).toHaveURL(/\/video\/mesure-tension-video\/learn$/);
    // Back to the course page: leave it as found, for the other project's run on the same server.
    await page.goto("/video/mesure-tension-video");
    await actions.getByTestId("unsubscribe-link").click();
    await expect(page).toHaveURL(/\?unsubscribe=confirm/);
    await actions.getByTestId("unsubscribe-button").click();
    await expect(actions.getByRole("button", { name: "S'inscrire à la formation" })).toBeVisible();
  });

  test("a paid training the shop does not sell says why @no-js", async ({ page, loginThroughFormAs }) => {
    await loginThroughFormAs("shop@demo.test");
    await page.goto("/formation/conseil-minceur-groupement");
    const refused = page.getByTestId("enrolment-refused");
    await expect(refused).toHaveAttribute("data-reason", "notInStore");
    await expect(refused).toContainText("Cette formation n'est pas vendue dans la boutique");
    await expect(page.getByRole("button", { name: "S'inscrire à la formation" })).toHaveCount(0);
  });
});
