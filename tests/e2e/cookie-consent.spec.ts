import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { at, cookieNamed, DAYS, secondsLeft } from "./support/hosts";

const CONSENT = "cookie_consent";

/**
 * Before hydration the "cookie settings" link is a plain in-page anchor (the panel opens as the URL's target, not as a
 * modal dialog): wait until React has attached its click handler.
 */
async function settingsLinkHydrated(page: Page) {
  await page.waitForFunction(() => {
    const link = document.querySelector('[data-testid="cookie-settings-link"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
}

test.describe("without JavaScript", () => {
  test("mandatory only: a real form post, the banner goes, a toast at the top, the choice is remembered", { tag: "@no-js-only" }, async ({ page, context }) => {
    await page.goto("/cookiespolicy");
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("heading", { name: "Vos cookies, votre choix" })).toBeVisible();

    await banner.getByRole("button", { name: "Cookies obligatoires uniquement" }).click();
    await expect(page).toHaveURL(at("localhost", "/cookiespolicy"));
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);

    // The flash toast is rendered by the server: visible without JavaScript, at the top.
    const toast = page.locator('[data-position="top"]').getByRole("status");
    await expect(toast).toHaveText("Seuls les cookies obligatoires seront utilisés.");
    await expect(toast).toBeVisible();

    const cookie = await cookieNamed(context, at("localhost"), CONSENT);
    expect(decodeURIComponent(cookie!.value)).toBe("mandatory");
    expect(secondsLeft(cookie!.expires)).toBeGreaterThan(364 * DAYS);
    expect(secondsLeft(cookie!.expires)).toBeLessThanOrEqual(365 * DAYS + 60);

    await page.reload();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("accept all", { tag: "@no-js-only" }, async ({ page, context }) => {
    await page.goto("/");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Tout accepter" }).click();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Vous avez accepté tous les cookies." })).toBeVisible();
    const cookie = await cookieNamed(context, at("localhost"), CONSENT);
    expect(decodeURIComponent(cookie!.value)).toBe("mandatory|analytics|marketing");
  });

  test("customise in the preferences panel reached by its in-page link", { tag: "@no-js-only" }, async ({ page, context }) => {
    await page.goto(at("es.localhost", "/"));
    await page.getByTestId("cookie-banner").getByRole("link", { name: "Personalizar" }).click();
    await expect(page).toHaveURL(at("es.localhost", "/#cookie-preferences"));
    const panel = page.locator("#cookie-preferences");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("heading", { name: "Configuración de cookies" })).toBeVisible();

    const mandatory = panel.getByRole("checkbox", { name: "Cookies obligatorias" });
    await expect(mandatory).toBeChecked();
    await expect(mandatory).toBeDisabled();
    await panel.getByRole("checkbox", { name: "Medición de audiencia" }).check();
    await panel.getByRole("button", { name: "Guardar mis preferencias" }).click();

    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page.locator('[data-position="top"]').getByRole("status")).toHaveText("Se han guardado sus preferencias de cookies.");
    const cookie = await cookieNamed(context, at("es.localhost"), CONSENT);
    expect(decodeURIComponent(cookie!.value)).toBe("mandatory|analytics");

    // The footer link opens the panel again, showing the stored choice; its close link hides it.
    await page.getByTestId("cookie-settings-link").click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("checkbox", { name: "Medición de audiencia" })).toBeChecked();
    await expect(panel.getByRole("checkbox", { name: "Marketing" })).not.toBeChecked();
    await panel.getByRole("link", { name: "Cerrar" }).click();
    await expect(panel).toBeHidden();
  });

  test("a toast closes with its button without JavaScript", { tag: "@no-js-only" }, async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Tout accepter" }).click();
    const toast = page.getByRole("dialog", { name: "Notification de succès" });
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Fermer la notification" }).click();
    await expect(toast).toBeHidden();
  });
});

test.describe("with JavaScript", () => {
  test("accepting updates the page in place and the toast leaves after 3 s, paused on hover", async ({ page, context }) => {
    await page.goto("/");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Tout accepter" }).click();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    // No full reload: the client-side router handled the post.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    const toast = page.locator('[data-position="top"] dialog.toast');
    await expect(toast.getByRole("status")).toHaveText("Vous avez accepté tous les cookies.");
    await toast.hover();
    await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("paused");
    expect(await toast.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("3s");
    await page.mouse.move(0, 0);
    await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("running");
    // Removed from the page when its 3000 ms are over.
    await expect(toast).toHaveCount(0, { timeout: 6_000 });

    const cookie = await cookieNamed(context, at("localhost"), CONSENT);
    expect(decodeURIComponent(cookie!.value)).toBe("mandatory|analytics|marketing");
  });

  test("'cookie settings' opens a modal dialog; Escape closes it", async ({ page, context }) => {
    await context.addCookies([{ name: CONSENT, value: encodeURIComponent("mandatory|marketing"), url: at("localhost") }]);
    await page.goto("/");
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await settingsLinkHydrated(page);
    await page.getByTestId("cookie-settings-link").click();
    const panel = page.getByRole("dialog", { name: "Paramètres des cookies" });
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => el.matches(":modal"))).toBe(true);
    await expect(page).toHaveURL(at("localhost", "/"));
    await expect(panel.getByRole("checkbox", { name: "Marketing" })).toBeChecked();
    await expect(panel.getByRole("checkbox", { name: "Mesure d'audience" })).not.toBeChecked();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  });

  test("saving from the panel stores the choice and closes it", async ({ page, context }) => {
    await page.goto("/");
    await page.getByTestId("cookie-banner").getByRole("link", { name: "Personnaliser" }).click();
    const panel = page.getByRole("dialog", { name: "Paramètres des cookies" });
    await expect(panel).toBeVisible();
    await panel.getByRole("checkbox", { name: "Marketing" }).check();
    await panel.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Vos préférences de cookies ont été enregistrées." })).toBeVisible();
    const cookie = await cookieNamed(context, at("localhost"), CONSENT);
    expect(decodeURIComponent(cookie!.value)).toBe("mandatory|marketing");
  });

  test("opened from a link to #cookie-preferences, the panel still closes when saved", async ({ page, context }) => {
    await page.goto("/#cookie-preferences");
    const panel = page.getByRole("dialog", { name: "Paramètres des cookies" });
    // Hydrated: the panel is reopened as a modal dialog.
    await expect.poll(() => panel.evaluate((el) => el.matches(":modal"))).toBe(true);
    await panel.getByRole("checkbox", { name: "Marketing" }).check();
    await panel.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Vos préférences de cookies ont été enregistrées." })).toBeVisible();
    await expect(page).toHaveURL(at("localhost", "/"));
    const cookie = await cookieNamed(context, at("localhost"), CONSENT);
    expect(decodeURIComponent(cookie!.value)).toBe("mandatory|marketing");
  });

  test("a failure to open the panel logs the support message", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/");
    await settingsLinkHydrated(page);
    await page.evaluate(() => document.getElementById("cookie-preferences")?.remove());
    await page.getByTestId("cookie-settings-link").click();
    await expect.poll(() => errors).toContain("Error while opening cookies panel, please contact support");
  });

  test("the consent action refuses a post without the CSRF token", async ({ request }) => {
    const response = await request.post("/consent-cookies", { form: { intent: "accept-all", redirectTo: "/" }, maxRedirects: 0 });
    expect(response.status()).toBe(419);
    expect(response.headers()["set-cookie"] ?? "").not.toContain(CONSENT);
  });
});
