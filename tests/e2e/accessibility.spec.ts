import { expect, test } from "./support/fixtures.ts";
import { at } from "./support/hosts";
import { seriousViolations } from "./support/axe";

const PAGES: { name: string; url: string; status?: number }[] = [
  { name: "home (fr)", url: at("localhost", "/") },
  { name: "home (be)", url: at("be.localhost", "/") },
  { name: "home (es)", url: at("es.localhost", "/") },
  { name: "404 unmatched", url: at("localhost", "/nulle-part"), status: 404 },
  { name: "404 invalid training type", url: at("localhost", "/masterclass/x"), status: 404 },
  { name: "cookie policy (fr)", url: at("localhost", "/cookiespolicy") },
  { name: "cookie policy (es)", url: at("es.localhost", "/politica-cookies") },
  { name: "TROD landing", url: at("localhost", "/formations-trod-cystite-angine") },
  { name: "shop (fr)", url: at("localhost", "/boutique") },
  { name: "shop (es)", url: at("es.localhost", "/tienda") },
  { name: "empty cart (fr)", url: at("localhost", "/boutique/panier") },
];

for (const target of PAGES) {
  test(`axe: no serious or critical violation on ${target.name}`, async ({ page }) => {
    const response = await page.goto(target.url);
    expect(response?.status()).toBe(target.status ?? 200);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe: the check finds serious findings, each with every element concerned", async ({ page }) => {
  // What every "no serious violation" above relies on: three images without text, an unnamed button, grey on white.
  await page.setContent(
    `<html lang="fr"><head><title>t</title></head><body><main><img src="a.png"><img src="b.png"><img src="c.png">` +
      `<button></button><p style="color:#bbb;background:#fff">Texte pâle</p></main></body></html>`,
  );
  const found = await seriousViolations(page);
  expect(found.map((violation) => violation.id).sort()).toEqual(["button-name", "color-contrast", "image-alt"]);
  expect(found.find((violation) => violation.id === "image-alt")?.targets).toHaveLength(3);
});

test("axe: the campus brand (guests land on its login page) and the open cookie panel", async ({ page }) => {
  await page.goto(at("es.localhost", "/?provider=1"));
  await expect(page.getByTestId("brand-title")).toHaveText("Campus Botica");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId("cookie-settings-link").click();
  await expect(page.getByRole("dialog", { name: "Configuración de cookies" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("axe: a page with a toast", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Tout accepter" }).click();
  await expect(page.getByRole("status").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("keyboard: the skip link is first and moves to the main content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Aller au contenu" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main#main")).toBeFocused();
});
