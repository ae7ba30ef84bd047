// The pages' translations as cacheable files (ADR 0128): the browser fetches each namespace's file once, as the
// page's preload asked, and a client navigation to a page of other namespaces fetches theirs before it renders.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { at, type Host } from "./support/hosts";

/** A key the translator could not find shows as itself: "ns:key" or "section.key". */
const RAW_KEY = /\b(common|catalogue|training|shop|auth|home|cookies):[a-zA-Z]|\b(nav|meta|errors|login|course|card|filters)\.[a-z][a-zA-Z]+\b/;

async function expectNoRawKey(page: Page) {
  await expect(page.locator("main")).not.toHaveText(RAW_KEY);
  await expect(page.locator("header").first()).not.toHaveText(RAW_KEY);
  expect(await page.title()).not.toMatch(RAW_KEY);
  expect(await page.title()).not.toMatch(/^\s*\|/);
}

const CASES: { locale: string; host: Host; catalogue: string; login: { link: string; heading: string } }[] = [
  { locale: "fr-FR", host: "localhost", catalogue: "/catalogue", login: { link: "Se connecter", heading: "Connexion" } },
  { locale: "es-ES", host: "es.localhost", catalogue: "/catalogar", login: { link: "Iniciar sesión", heading: "Iniciar sesión" } },
];

for (const { locale, host, catalogue, login } of CASES) {
  test(`${locale}: each namespace's file is fetched once, and a client navigation brings its page's`, async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/i18n/")) fetched.push(pathname);
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(at(host, catalogue));
    const preloads = await page
      .locator('link[rel="preload"][as="fetch"][data-translations]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(preloads.length).toBeGreaterThanOrEqual(2);
    for (const href of preloads) expect(href).toMatch(new RegExp(`^/i18n/${locale}/[a-z-]+\\.[\\w-]+\\.json$`));
    // Hydrated: React has attached its handlers to the course links.
    await page.waitForFunction(() => {
      const link = document.querySelector('[data-testid="course-card-link"]');
      return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
    });
    await expectNoRawKey(page);
    // The preload and the translator's fetch are one request per file.
    expect([...fetched].sort()).toEqual([...preloads].sort());

    // A client navigation (the window keeps its marker) to a course page: the training namespace arrives with it.
    await page.evaluate(() => Object.assign(window, { __stillHere: true }));
    await page.getByTestId("course-card-link").first().click();
    await expect(page.getByTestId("course-page")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
    await expectNoRawKey(page);
    expect(fetched.filter((path) => path.startsWith(`/i18n/${locale}/training.`))).toHaveLength(1);

    // And to the login page (auth): its heading and title in the page's language.
    await page.getByRole("link", { name: login.link, exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(login.heading);
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
    await expectNoRawKey(page);
    await expect(page).toHaveTitle(new RegExp(`^${login.heading} \\|`));

    // Every file once, though the pages asked for common (and catalogue) again.
    expect(fetched.filter((path) => path.startsWith(`/i18n/${locale}/auth.`))).toHaveLength(1);
    expect(new Set(fetched).size).toBe(fetched.length);
    expect(errors).toEqual([]);
  });
}

test("a translation file that cannot be had leaves the page as the server rendered it, translated", async ({ page }) => {
  await page.route("**/i18n/**", (route) => route.abort("failed"));
  await page.goto("/catalogue");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoRawKey(page);
  // Not hydrated: the course links are plain links, and lead to their pages as documents.
  await page.getByTestId("course-card-link").first().click();
  await expect(page.getByTestId("course-page")).toBeVisible();
  await expectNoRawKey(page);
});

test("a client navigation whose translation file cannot be had loads its page as a document, translated", async ({ page }) => {
  await page.goto("/catalogue");
  await page.waitForFunction(() => {
    const link = document.querySelector('[data-testid="course-card-link"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
  await page.evaluate(() => Object.assign(window, { __stillHere: true }));
  // The course page needs the training namespace's file, which no longer comes; its document still does.
  await page.route("**/i18n/**", (route) => route.abort("failed"));
  await page.getByTestId("course-card-link").first().click();
  await expect(page.getByTestId("course-page")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBeUndefined();
  await expectNoRawKey(page);
});
