// On a phone (375x667) the page starts in the first screen, with JavaScript on and off: the header is one line
// (the menu opens from a button, a <details>), the cookie banner is compact and the catalogue filters are collapsed.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { at } from "./support/hosts";

const NO_JS = { tag: "@no-js" };
const PHONE = { width: 375, height: 667 };

test.use({ viewport: PHONE });

/** The element's top edge and at least `minHeight` px of it are inside the first screen. */
async function expectInFirstScreen(locator: Locator, minHeight = 40) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, "element box").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + Math.min(box!.height, minHeight)).toBeLessThanOrEqual(PHONE.height);
}

async function headerHeight(page: Page): Promise<number> {
  return (await page.locator("header").first().boundingBox())!.height;
}

test.describe("phone layout", () => {
  test("catalogue: the first training card is in the first screen, with the cookie banner showing", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/catalogue"));
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    expect(await headerHeight(page)).toBeLessThanOrEqual(72);
    await expect(page.getByLabel("Format", { exact: true })).toBeHidden();
    await expectInFirstScreen(page.getByTestId("course-card").first(), 80);
  });

  test("home and course page: the main heading is in the first screen", NO_JS, async ({ page }) => {
    for (const path of ["/", "/formation/routine-dermocosmetique"]) {
      await page.goto(at("localhost", path));
      await expect(page.getByTestId("cookie-banner")).toBeVisible();
      await expectInFirstScreen(page.getByRole("heading", { level: 1 }).first());
    }
    await page.goto(at("es.localhost", "/catalogar"));
    await expectInFirstScreen(page.getByTestId("course-card").first(), 80);
  });

  test("the menu button opens the search, language and links; the filters open from their button", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/catalogue"));
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav).toBeHidden();
    await page.getByTestId("site-menu").getByText("Menu", { exact: true }).click();
    await expect(nav).toBeVisible();
    await expect(page.getByTestId("language-switcher")).toBeVisible();

    await page.getByTestId("site-menu").getByText("Menu", { exact: true }).click();
    await page.getByTestId("catalogue-filters-details").locator("summary").click();
    await page.getByLabel("Format", { exact: true }).selectOption("dpc");
    await page.getByRole("button", { name: "Appliquer les filtres" }).click();
    await expect(page).toHaveURL(/\/catalogue\?type=dpc/);
    await expect(page.getByTestId("catalogue-filters")).toContainText("(1 actif)");
  });

  test("on a wide screen the menu and the filters are open without a button", NO_JS, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(at("localhost", "/catalogue"));
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
    await expect(page.getByTestId("site-menu").getByText("Menu", { exact: true })).toBeHidden();
    await expect(page.getByLabel("Format", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Filtrer les formations" })).toBeVisible();
  });
});
