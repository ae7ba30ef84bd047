import { expect, test, type Page } from "@playwright/test";
import { at, cookieNamed, DAYS, secondsLeft } from "./support/hosts";

async function switchLanguage(page: Page, locale: string) {
  const form = page.getByTestId("language-switcher");
  await form.locator("select").selectOption(locale);
  await form.getByRole("button").click();
}

test("the cookie policy follows the language: /cookiespolicy <-> /politica-cookies", { tag: "@no-js" }, async ({ page }) => {
  await page.goto("/cookiespolicy");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de cookies");

  await switchLanguage(page, "es-ES");
  await expect(page).toHaveURL(at("localhost", "/politica-cookies"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de cookies");

  await switchLanguage(page, "fr-FR");
  await expect(page).toHaveURL(at("localhost", "/cookiespolicy"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de cookies");
});

test("a shared path stays the same and the choice is remembered for 365 days", { tag: "@no-js" }, async ({ page, context }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  await switchLanguage(page, "es-ES");
  await expect(page).toHaveURL(at("localhost", "/"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  await expect(page.getByTestId("featured-trainings").getByRole("heading", { level: 2 })).toHaveText("Cursos destacados");

  const cookie = await cookieNamed(context, at("localhost"), "lng");
  expect(cookie?.value).toBe("es-ES");
  expect(secondsLeft(cookie!.expires)).toBeGreaterThan(364 * DAYS);
  expect(secondsLeft(cookie!.expires)).toBeLessThanOrEqual(365 * DAYS + 60);

  await page.goto("/cookiespolicy");
  // Spanish has its own policy path.
  await expect(page).toHaveURL(at("localhost", "/politica-cookies"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
});

test("Belgian French can be chosen on the French host", { tag: "@no-js" }, async ({ page }) => {
  await page.goto("/");
  await switchLanguage(page, "fr-BE");
  await expect(page).toHaveURL(at("localhost", "/"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-BE");
});
