import { expect, test } from "./support/fixtures.ts";

test("the TROD landing page: French only, no site chrome, a way back", { tag: "@no-js" }, async ({ page }) => {
  const response = await page.goto("/formations-trod-cystite-angine");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formations TROD cystite et angine");
  await expect(page).toHaveTitle("Formations TROD angine et cystite | Officine Académie");
  await expect(page.getByTestId("site-footer")).toHaveCount(0);
  await expect(page.getByTestId("language-switcher")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(3);
  await page.getByRole("link", { name: "Retour au site" }).first().click();
  await expect(page.getByTestId("home-hero")).toBeVisible();
});
