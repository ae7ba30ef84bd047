import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { at, cookieNamed, DAYS, secondsLeft } from "./support/hosts";

async function switchLanguage(page: Page, locale: string) {
  const form = page.getByTestId("language-switcher");
  await form.locator("select").selectOption(locale);
  await form.getByRole("button").click();
}

test("the cookie policy follows the language: /cookiespolicy <-> /politica-cookies on the Spanish brand", { tag: "@no-js" }, async ({ page }) => {
  await page.goto(at("es.localhost", "/politica-cookies"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  await switchLanguage(page, "fr-FR");
  await expect(page).toHaveURL(at("es.localhost", "/cookiespolicy"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de cookies");
  await switchLanguage(page, "es-ES");
  await expect(page).toHaveURL(at("es.localhost", "/politica-cookies"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de cookies");
});

test("on the French brand the Spanish cookie policy stays at /cookiespolicy (/politica-cookies is Spain's page)", { tag: "@no-js" }, async ({ page }) => {
  await page.goto("/cookiespolicy");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de cookies");

  await switchLanguage(page, "es-ES");
  await expect(page).toHaveURL(at("localhost", "/cookiespolicy"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de cookies");
  await expect(page.getByTestId("site-footer").getByRole("link", { name: "Política de cookies" })).toHaveAttribute("href", "/cookiespolicy");
  expect((await page.request.get(at("localhost", "/politica-cookies"))).status()).toBe(404);

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
  // Spanish has its own policy path on the Spanish brand only.
  await expect(page).toHaveURL(at("localhost", "/cookiespolicy"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
});

test("Belgian French can be chosen on the French host", { tag: "@no-js" }, async ({ page }) => {
  await page.goto("/");
  await switchLanguage(page, "fr-BE");
  await expect(page).toHaveURL(at("localhost", "/"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-BE");
});

test("French DPC trainings read in Spanish on the French brand are DPC-funded, never 'Bonificada'", async ({ page }) => {
  await page.goto("/");
  await switchLanguage(page, "es-ES");
  await page.goto(at("localhost", "/dpc/asthme-bpco"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  await expect(page.getByRole("main")).toContainText("Financiada DPC");
  await expect(page.getByRole("main")).not.toContainText("Bonificada");
});
