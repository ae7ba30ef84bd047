// The catalogue, search and course pages on the three brand hosts, with JavaScript on (project "js")
// and off (project "no-js", tests tagged @no-js): filters, sorts, pagination (be), "more" (fr, es),
// search with highlighting, a course page of each training type, sessions, bookmarks, axe.
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { at, type Host } from "./support/hosts";
import { seriousViolations } from "./support/axe";

const NO_JS = { tag: "@no-js" };

const cards = (page: Page) => page.getByTestId("course-card");

async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId("course-card-link").allInnerTexts();
}

test.describe("catalogue", () => {
  test("fr: filter by type through the form, shareable URL, reset", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/catalogue"));
    await expect(page.getByRole("heading", { level: 1, name: "Catalogue des formations" })).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    await page.getByLabel("Format", { exact: true }).selectOption("dpc");
    await page.getByRole("button", { name: "Appliquer les filtres" }).click();
    await expect(page).toHaveURL(/\/catalogue\?type=dpc/);
    await expect.poll(async () => [...new Set(await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-type"))))]).toEqual(["dpc"]);
    await expect(page.getByTestId("course-card-type").first()).toHaveText("dpc");
    // The URL alone restores the state.
    await page.goto(page.url());
    await expect(page.getByLabel("Format", { exact: true })).toHaveValue("dpc");
    await page.getByTestId("filters-reset").click();
    await expect(page).toHaveURL(at("localhost", "/catalogue"));
    await expect(page.getByLabel("Format", { exact: true })).toHaveValue("");
  });

  test("fr: sort in alphabetical order", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/catalogue"));
    await page.getByLabel("Trier par", { exact: true }).selectOption("alphabeticalOrder");
    await page.getByRole("button", { name: "Appliquer les filtres" }).click();
    await expect(page).toHaveURL(/sort=alphabeticalOrder/);
    const sorted = (names: string[]) => names.length === 10 && names.every((name, i) => i === 0 || new Intl.Collator("fr").compare(names[i - 1], name) <= 0);
    await expect.poll(async () => sorted(await cardNames(page))).toBe(true);
    // Rating is not a sort order of the French brand.
    await expect(page.getByLabel("Trier par", { exact: true }).locator("option")).toHaveText(["Les plus récentes", "Ordre alphabétique"]);
  });

  test('fr: results come progressively with a "more" link', NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/catalogue"));
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByTestId("pagination")).toHaveCount(0);
    const first = await cardNames(page);
    await page.getByTestId("results-more").click();
    await expect(page).toHaveURL(/limit=20#r11$/);
    await expect(cards(page)).toHaveCount(20);
    expect((await cardNames(page)).slice(0, 10)).toEqual(first);
    await expect(page.locator("#r11")).toBeInViewport();
  });

  test("be: paginated by 10 with page links", NO_JS, async ({ page }) => {
    await page.goto(at("be.localhost", "/catalogue"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalogue des formations");
    const nav = page.getByRole("navigation", { name: "Pages de résultats" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("results-more")).toHaveCount(0);
    const total = Number(await page.getByTestId("results-summary").getAttribute("data-total"));
    await expect(page.getByTestId("results-summary")).toHaveText(`Formations 1 à 10 sur ${total}`);
    const firstPage = await cardNames(page);
    await nav.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/catalogue\?page=2$/);
    await expect(page.getByRole("navigation", { name: "Pages de résultats" }).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const secondPage = await cardNames(page);
    expect(secondPage.length).toBe(Math.min(10, total - 10));
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
    // The Belgian brand sorts by rating too, and prices read HTVA.
    await page.getByLabel("Trier par", { exact: true }).selectOption("rating");
    await page.getByRole("button", { name: "Appliquer les filtres" }).click();
    await expect(page).toHaveURL(/sort=rating/);
    await expect(page.getByTestId("course-card-price").filter({ hasText: "HTVA" }).first()).toBeVisible();
    // A page past the end shows the last page.
    await page.goto(at("be.localhost", "/catalogue?page=99"));
    await expect(page.getByRole("navigation", { name: "Pages de résultats" }).locator("[aria-current=page]")).toHaveText(String(Math.ceil(total / 10)));
  });

  test("es: Spanish path, Spanish e-learning colour, FUNDAE filter", NO_JS, async ({ page }) => {
    await page.goto(at("es.localhost", "/catalogar?type=formation"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catálogo de formaciones");
    const band = page.getByTestId("course-card-type").first();
    await expect(band).toHaveText("e-learning");
    expect(await band.evaluate((node) => getComputedStyle(node.parentElement!).backgroundColor)).toBe("rgb(194, 65, 12)");
    await page.getByLabel("Financiación", { exact: true }).selectOption("fundae");
    await page.getByRole("button", { name: "Aplicar los filtros" }).click();
    await expect(page).toHaveURL(/funding=fundae/);
    await expect
      .poll(async () => {
        const labels = await page.getByTestId("course-card-funding").allInnerTexts();
        return labels.length > 0 && labels.every((label) => label === "FUNDAE" || label === "BONIFICABLE");
      })
      .toBe(true);
  });

  test("empty state offers a way back; invalid filters are explained", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/catalogue?q=zzzyyyxxx"));
    await expect(page.getByTestId("results-empty")).toContainText("Aucune formation ne correspond à ces critères.");
    await page.getByTestId("empty-reset").click();
    await expect(page).toHaveURL(at("localhost", "/catalogue"));
    await expect(cards(page)).toHaveCount(10);
    const response = await page.goto(at("localhost", "/catalogue?type=inconnu&pageSize=0"));
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId("filters-invalid")).toBeVisible();
    await expect(page.getByLabel("Format", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("search", () => {
  test("fr: an accent-less search finds accented titles, with the words highlighted", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/recherche?q=PHYTOTHERAPIE"));
    await expect(page).toHaveURL(at("localhost", "/recherche/PHYTOTHERAPIE"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Résultats pour « PHYTOTHERAPIE »");
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).first().locator("mark").first()).toHaveText("Phytothérapie");
    // The search box of the page starts a new search.
    const box = page.locator("#main").getByRole("search");
    await box.getByRole("searchbox").fill("pharmacie pediatrie");
    await box.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(at("localhost", "/recherche/pharmacie%20pediatrie"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Résultats pour « pharmacie pediatrie »");
  });

  test("es: /buscar with the Spanish stemmer and no-result page", NO_JS, async ({ page }) => {
    await page.goto(at("es.localhost", "/buscar/DIABETES"));
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator("mark").first()).toHaveText(/^diabet/i);
    await page.goto(at("es.localhost", "/buscar/zzzyyyxxx"));
    await expect(page.getByTestId("results-empty")).toContainText("Ninguna formación corresponde a «zzzyyyxxx».");
    await expect(page.getByTestId("results-empty").getByRole("link", { name: "Ver todo el catálogo" })).toHaveAttribute("href", "/catalogar");
  });
});

const TYPE_PAGES: { host: Host; type: string }[] = [
  { host: "localhost", type: "dpc" },
  { host: "localhost", type: "mixt" },
  { host: "localhost", type: "formation" },
  { host: "localhost", type: "faceToFaceOnly" },
  { host: "localhost", type: "virtualClass" },
  { host: "localhost", type: "pdf" },
  { host: "localhost", type: "video" },
  { host: "be.localhost", type: "podcast" },
  { host: "es.localhost", type: "webinar" },
  { host: "es.localhost", type: "quiz" },
];

test.describe("course pages", () => {
  for (const { host, type } of TYPE_PAGES) {
    test(`${type} (${host}): from the catalogue to its course page`, NO_JS, async ({ page }) => {
      const catalogue = host === "es.localhost" ? "/catalogar" : "/catalogue";
      await page.goto(at(host, `${catalogue}?type=${type}`));
      const link = page.getByTestId("course-card-link").first();
      const name = (await link.innerText()).trim();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/${type}/[a-z0-9-]+$`));
      await expect(page.getByTestId("course-page")).toHaveAttribute("data-type", type);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(page.getByTestId("course-duration")).toHaveText(/^\d+H\d{2}$/);
      await expect(page.getByTestId("login-to-subscribe")).toHaveAttribute("href", /\?redirect=/);
      // A guest shops (ADR 0036): no "coming soon" placeholder; a priced store training has its add-to-cart form.
      await expect(page.getByTestId("cart-button")).toHaveCount(0);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(ld).toMatchObject({ "@type": "Course", name });
    });
  }

  test("sessions: by city in French collation, seats left, full sessions with the waiting-list note", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/dpc/trod-angine-cystite"));
    const sessions = page.getByTestId("session");
    await expect(sessions).toHaveCount(5);
    expect(await sessions.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-city")))).toEqual([
      "Bordeaux",
      "Lille",
      "Lyon",
      "Marseille",
      "Paris",
    ]);
    const full = sessions.filter({ has: page.getByTestId("session-full") });
    await expect(full).toHaveCount(1);
    await expect(full.getByTestId("session-waiting-note")).toContainText("liste d'attente");
    await expect(sessions.first().getByTestId("session-seats")).toHaveText(/^\d+ places? disponibles?$/);
    await expect(page.getByTestId("dpc-action-number")).toHaveText("96822500101");
    await expect(page.getByTestId("dpc-sub-type")).toHaveText("DPC mixte");
    await expect(page.getByTestId("expert-link").first()).toHaveAttribute("href", /^\/experts\/[a-z-]+$/);
  });

  test("sessions of a virtual class come by date; multi-date sessions list every date", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/virtualClass/diabete-type-2"));
    const dates = await page.getByTestId("session").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-start-date") ?? ""));
    expect(dates.length).toBeGreaterThan(0);
    expect([...dates].sort()).toEqual(dates);
    await page.goto(at("localhost", "/dpc/vaccination-officine"));
    const multi = page.getByTestId("session").filter({ hasText: /Dates de la session/ });
    await expect(multi.first().getByTestId("session-date")).toHaveCount(2);
    await expect(page.getByTestId("course-audience")).toContainText("réservée aux pharmaciens");
  });

  test("reviews: the three most recent, then a link to all of them", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/faceToFaceOnly/afgsu-niveau-2"));
    const reviews = page.getByTestId("course-reviews").getByRole("listitem");
    await expect(reviews).toHaveCount(3);
    await expect(reviews.first().getByRole("img", { name: /^\d sur 5$/ })).toBeVisible();
    await page.getByTestId("reviews-all").click();
    await expect(page).toHaveURL(/\?reviews=all#reviews-title$/);
    await expect(reviews).toHaveCount(8);
    await expect(page.getByTestId("reviews-all")).toHaveCount(0);
  });

  test("the URL's type follows the effective type (301)", NO_JS, async ({ page }) => {
    await page.goto(at("localhost", "/dpc/contraception-urgence"));
    await expect(page).toHaveURL(at("localhost", "/formation/contraception-urgence"));
    await page.goto(at("localhost", "/faceToFaceOnly/situations-difficiles-comptoir"));
    await expect(page).toHaveURL(at("localhost", "/virtualClass/situations-difficiles-comptoir"));
    const response = await page.goto(at("localhost", "/formation/pediatrie-officinale"));
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found-detail")).toHaveText("Page not found: /formation/pediatrie-officinale");
  });
});

/** A form's POST to the page (a bookmark's, with or without JavaScript), not one to the back API. */
const isPagePost = (response: Response) => response.request().method() === "POST" && !new URL(response.url()).pathname.startsWith("/back/");

test.describe("logged in", () => {
  test("bookmark toggle on a card and on the course page", NO_JS, async ({ page, loginAs }, testInfo) => {
    const email = testInfo.project.name === "no-js" ? "maxime.durand@demo.test" : "emma.leroy@demo.test";
    await loginAs(email);
    await page.goto(at("localhost", "/catalogue?sort=alphabeticalOrder"));
    const toggle = cards(page).first().getByTestId("bookmark-toggle");
    const before = await toggle.getAttribute("aria-pressed");
    const flipped = before === "true" ? "false" : "true";
    // With JavaScript the button flips before the server has answered: the reload waits for the bookmark's POST (the
    // page's own; the realtime socket's authorisations are POSTs to the back API).
    const saved = page.waitForResponse(isPagePost);
    await toggle.click();
    await expect(cards(page).first().getByTestId("bookmark-toggle")).toHaveAttribute("aria-pressed", flipped);
    expect((await saved).status()).toBeLessThan(400);
    await page.reload();
    await expect(cards(page).first().getByTestId("bookmark-toggle")).toHaveAttribute("aria-pressed", flipped);
    await expect(page).toHaveURL(/sort=alphabeticalOrder/);
    // Same state on the course page; toggle back there.
    await cards(page).first().getByTestId("course-card-link").click();
    const pageToggle = page.getByTestId("course-actions").getByTestId("bookmark-toggle");
    await expect(pageToggle).toHaveAttribute("aria-pressed", flipped);
    const savedAgain = page.waitForResponse(isPagePost);
    await pageToggle.click();
    expect((await savedAgain).status()).toBeLessThan(400);
    await expect(page.getByTestId("course-actions").getByTestId("bookmark-toggle")).toHaveAttribute("aria-pressed", before ?? "false");
  });

  test("the chosen sort is remembered", NO_JS, async ({ page, loginAs }, testInfo) => {
    const email = testInfo.project.name === "no-js" ? "lea.bernard@demo.test" : "camille.andre@demo.test";
    await loginAs(email);
    await page.goto(at("localhost", "/catalogue?sort=alphabeticalOrder"));
    await page.goto(at("localhost", "/catalogue"));
    await expect(page.getByLabel("Trier par", { exact: true })).toHaveValue("alphabeticalOrder");
    await page.goto(at("localhost", "/catalogue?sort=newest"));
    await page.goto(at("localhost", "/catalogue"));
    await expect(page.getByLabel("Trier par", { exact: true })).toHaveValue("newest");
  });

  // The cards are a shared fragment (ADR 0140): the browser hydrates them like any markup, with no mismatch.
  test("the logged-in catalogue and the shop hydrate without a console error, and their cards' buttons work", async ({ page, loginAs }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    await loginAs("lucas.bonnet@demo.test");
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(at("localhost", "/catalogue?sort=newest"));
      await page.waitForLoadState("networkidle");
    }
    const toggle = () => cards(page).first().getByTestId("bookmark-toggle");
    const before = await toggle().getAttribute("aria-pressed");
    await toggle().click();
    await expect(toggle()).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
    await toggle().click();
    await expect(toggle()).toHaveAttribute("aria-pressed", before ?? "false");

    await page.context().clearCookies();
    await loginAs("shop@demo.test");
    await page.goto(at("localhost", "/boutique"));
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("shop-item").first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("accessibility", () => {
  const PAGES: { name: string; url: string }[] = [
    { name: "catalogue (fr)", url: at("localhost", "/catalogue") },
    { name: "catalogue (be, page 2)", url: at("be.localhost", "/catalogue?page=2") },
    { name: "catalogue (es)", url: at("es.localhost", "/catalogar") },
    { name: "catalogue, empty state", url: at("localhost", "/catalogue?q=zzzyyyxxx") },
    { name: "search (fr)", url: at("localhost", "/recherche/vaccination") },
    { name: "search (es)", url: at("es.localhost", "/buscar/diabetes") },
    { name: "course page (dpc)", url: at("localhost", "/dpc/trod-angine-cystite") },
    { name: "course page (virtual class)", url: at("localhost", "/virtualClass/diabete-type-2") },
    { name: "course page (es)", url: at("es.localhost", "/formation/atencion-cliente-ventas") },
  ];
  for (const target of PAGES) {
    test(`axe: no serious or critical violation on ${target.name}`, async ({ page }) => {
      await page.goto(target.url);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("axe: logged-in catalogue with bookmark toggles", async ({ page, loginAs }) => {
    await loginAs("francois.marchand@demo.test");
    await page.goto(at("localhost", "/catalogue"));
    await expect(page.getByTestId("bookmark-toggle").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
