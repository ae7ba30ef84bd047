import { expect, test } from "./support/fixtures.ts";
import { findPage, pagePath } from "#core/page-links.ts";
import { at, BRAND_CASES } from "./support/hosts";

const TRAINING_TYPES = ["dpc", "mixt", "formation", "faceToFaceOnly", "virtualClass", "pdf", "video", "podcast", "webinar", "quiz"];

for (const brand of BRAND_CASES) {
  test(`home on ${brand.host}: ${brand.title}, ${brand.locale}, featured trainings`, { tag: "@no-js" }, async ({ page }) => {
    const response = await page.goto(at(brand.host, "/"));
    expect(response?.status()).toBe(200);

    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", brand.locale);
    await expect(html).toHaveAttribute("data-brand", brand.key);
    expect((await html.getAttribute("style")) ?? "").toContain(`--color-primary:${brand.primary}`);
    await expect(page).toHaveTitle(new RegExp(` \\| ${brand.title}$`));

    // Header: logo, brand title, navigation and language switcher.
    await expect(page.getByTestId("brand-title")).toHaveText(brand.title);
    await expect(page.getByTestId("brand-logo")).toHaveAttribute("src", `/brands/${brand.key}/logo.svg`);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", `/brands/${brand.key}/favicon.svg`);
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await expect(page.getByTestId("language-switcher").locator("select")).toHaveValue(brand.locale);

    // Hero.
    await expect(page.getByRole("heading", { level: 1 })).toContainText(brand.title);
    await expect(page.getByTestId("home-hero").getByRole("link").first()).toBeVisible();

    // Six featured cards: a type title on the type's colour, a duration xHmm, a price HT or free.
    const cards = page.getByTestId("course-card");
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      expect(TRAINING_TYPES).toContain(await card.getAttribute("data-type"));
      await expect(card.getByTestId("course-card-type")).not.toBeEmpty();
      await expect(card.getByTestId("course-card-duration")).toHaveText(/^\d+H[0-5]\d$/);
      await expect(card.getByTestId("course-card-price")).toHaveText(brand.price);
      await expect(card.getByRole("link")).toHaveAttribute(
        "href",
        /^\/(dpc|mixt|formation|faceToFaceOnly|virtualClass|pdf|video|podcast|webinar|quiz)\/[\w-]+$/,
      );
    }

    // Footer: the brand's social links, the cookie policy in the visitor's language, cookie settings.
    const footer = page.getByTestId("site-footer");
    await expect(footer.locator('[data-testid^="social-"]')).toHaveCount(brand.socialCount);
    await expect(footer.getByRole("link", { name: /cookies/i }).first()).toHaveAttribute("href", brand.cookiePolicyPath);
    await expect(footer.getByTestId("cookie-settings-link")).toHaveAttribute("href", "#cookie-preferences");
  });
}

test("brand logos and favicons are served as SVG", async ({ request }) => {
  for (const key of ["fr", "be", "es", "es-campus"]) {
    for (const file of ["logo.svg", "favicon.svg"]) {
      const response = await request.get(`/brands/${key}/${file}`);
      expect(response.status(), `${key}/${file}`).toBe(200);
      expect(response.headers()["content-type"]).toContain("image/svg+xml");
      expect(await response.text()).toContain("<svg");
    }
  }
});

test("/favicon.ico answers each brand's icon on its host (pages without an icon link ask for it)", async ({ page }) => {
  // Through the browser: Chromium resolves *.localhost, Node's resolver may not.
  for (const brand of BRAND_CASES) {
    const response = await page.goto(at(brand.host, "/favicon.ico"));
    expect(response!.status(), brand.host).toBe(200);
    expect(response!.headers()["content-type"], brand.host).toContain("image/svg+xml");
    expect(await response!.text(), brand.host).toContain(`fill="${brand.primary}"`);
  }
});

test("the featured trainings API answers in the envelope, scoped by the host's brand", async ({ page }) => {
  // Through the browser: Chromium resolves *.localhost, Node's resolver may not.
  for (const [host, brand, lang] of [
    ["localhost", "fr", "fr"],
    ["be.localhost", "be", "fr"],
    ["es.localhost", "es", "es"],
  ] as const) {
    const response = await page.goto(at(host, "/back/api/home/featured"));
    expect(response!.status()).toBe(200);
    const body = await response!.json();
    expect(body.status).toBe("Success");
    expect(body.data.brand).toBe(brand);
    expect(body.data.lang).toBe(lang);
    expect(body.data.trainings.length).toBeGreaterThan(0);
    expect(body.data.trainings.length).toBeLessThanOrEqual(6);
  }
});

test("the French brand shows ratings on cards with an accessible text", async ({ page }) => {
  await page.goto("/");
  const rating = page.getByTestId("course-card").getByRole("img", { name: /^\d(,\d)? sur 5$/ });
  await expect(rating.first()).toBeVisible();
});

test("a logged-in user goes to the catalogue, or sees their trainings until it exists", { tag: "@no-js" }, async ({ page, loginAs }) => {
  await loginAs("learner@demo.test");
  await page.goto("/");
  if (findPage("catalogue")) {
    await expect(page).toHaveURL(new RegExp(`${pagePath("catalogue", "fr")}$`));
  } else {
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 2, name: "Vos formations" })).toBeVisible();
    await expect(page.getByTestId("course-card")).toHaveCount(6);
  }
});

test("public pages hydrate without errors in the console", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const url of [
    at("localhost", "/"),
    at("es.localhost", "/politica-cookies"),
    at("be.localhost", "/cookiespolicy"),
    at("localhost", "/formations-trod-cystite-angine"),
  ]) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
});

test("every page starts the Intl warm-up worker, which the page's policy lets run", async ({ page }) => {
  const workers: string[] = [];
  const errors: string[] = [];
  page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  for (const url of [at("localhost", "/catalogue"), at("es.localhost", "/catalogar")]) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
  }
  expect(workers).toEqual(["/intl-warm-up.js", "/intl-warm-up.js"]);
  expect(errors).toEqual([]);
});

test("client-side navigation brings the next page's strings", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("site-footer").getByRole("link", { name: "Politique de cookies" }).click();
  await expect(page).toHaveURL(/\/cookiespolicy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de cookies");
  await expect(page.getByRole("columnheader", { name: "Durée" })).toBeVisible();
  await expect(page).toHaveTitle("Politique de cookies | Officine Académie");
});
