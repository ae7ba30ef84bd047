import { expect, test } from "./support/fixtures.ts";

test("the loading bar shows while a slow navigation is pending, then goes", async ({ page }) => {
  await page.goto("/");
  // Hold the next page's data for a while so the 200 ms throttle is passed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId("site-footer").getByRole("link", { name: "Politique de cookies" }).click();
  const bar = page.getByTestId("loading-bar");
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("data-state", "running");
  expect(await bar.evaluate((el) => el.getBoundingClientRect().height)).toBe(3);
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de cookies");
  await expect(bar).toHaveCount(0);
});
