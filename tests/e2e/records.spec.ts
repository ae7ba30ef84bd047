import { expect, test, localeCopy } from "./support/fixtures.ts";
import { ES_ORIGIN } from "./support/hosts.ts";
import { seriousViolations } from "./support/axe";

// Learner records pages (issue 6): history, personal training plan, the profile's records sections.
// They only read data, so the seeded demo learners are shared safely between the js and no-js projects.

const CASES = [
  {
    lang: "fr",
    email: "learner@demo.test",
    origin: "",
    host: "localhost",
    history: "/compte/profil/historique",
    plan: "/compte/profil/plan-de-formation",
    profile: "/compte/profil",
    historyTitle: "Mon historique",
    planTitle: "Mon plan de formation",
    // asthme-bpco: round(50) + round(85.5) + 40 own points
    row: { name: "Asthme", initial: "50 %", final: "85,5 %", points: "176" },
    planActivity: "Asthme",
    continue: "Continuer la formation",
  },
  {
    lang: "es",
    email: "learner.es@demo.test",
    origin: ES_ORIGIN,
    host: "es.localhost",
    history: "/cuenta/perfil/historial",
    plan: "/cuenta/perfil/plan-de-formacion",
    profile: "/cuenta/perfil",
    historyTitle: "Mi historial",
    planTitle: "Mi plan de formación",
    row: { name: "Dermofarmacia", initial: "50 %", final: "100 %", points: null },
    planActivity: "Dermofarmacia",
    continue: "Continuar la formación",
  },
] as const;

for (const c of CASES) {
  test.describe(`records (${c.lang})`, localeCopy(c.lang), () => {
    test.beforeEach(async ({ loginAs }) => {
      await loginAs(c.email, { host: c.host });
    });

    test(`history shows scores, points and totals @no-js`, async ({ page }) => {
      await page.goto(`${c.origin}${c.history}`);
      await expect(page.getByRole("heading", { name: c.historyTitle })).toBeVisible();
      const row = page.getByTestId("history-row").filter({ hasText: c.row.name }).first();
      await expect(row).toBeVisible();
      await expect(row.getByTestId("initial-score")).toHaveText(c.row.initial);
      await expect(row.getByTestId("final-score")).toHaveText(c.row.final);
      const points = row.getByTestId("entry-points");
      if (c.row.points) await expect(points).toHaveText(c.row.points);
      else await expect(points).toHaveText(/^\d+$/);
      await expect(page.getByTestId("total-points")).toBeVisible();
      await expect(row.getByRole("link")).toHaveAttribute("href", /^\/[a-zA-Z]+\/[a-z0-9-]+$/);
    });

    test(`the plan grid shows the enrolments @no-js`, async ({ page }) => {
      await page.goto(`${c.origin}${c.plan}`);
      await expect(page.getByRole("heading", { name: c.planTitle })).toBeVisible();
      const grid = page.getByTestId("plan-grid");
      await expect(grid).toBeVisible();
      expect(await grid.locator("thead th[scope=col]").count()).toBeGreaterThanOrEqual(12);
      await expect(grid.getByTestId("plan-activity").filter({ hasText: c.planActivity })).toHaveCount(1);
      await expect(page.getByTestId("plan-list").getByRole("listitem").filter({ hasText: c.planActivity })).toHaveCount(1);
    });

    test(`legacy userTab=2 and 3 go to the plan and the history @no-js`, async ({ page }) => {
      await page.goto(`${c.origin}${c.profile}?userTab=2`);
      await expect(page).toHaveURL(new RegExp(`${c.plan}$`));
      await page.goto(`${c.origin}${c.profile}?userTab=3`);
      await expect(page).toHaveURL(new RegExp(`${c.history}$`));
    });

    test(`the profile shows the current training, badges and suggestions @no-js`, async ({ page }) => {
      await page.goto(`${c.origin}${c.profile}`);
      const current = page.getByTestId("current-training");
      await expect(current.getByTestId("current-training-name")).not.toBeEmpty();
      await expect(current.getByRole("link", { name: c.continue })).toHaveAttribute("href", /^\/[a-zA-Z]+\/[a-z0-9-]+\/learn$/);
      await expect(page.getByTestId("badges").getByRole("listitem")).toHaveCount(6);
      // Both learners have finished a training: the badge is caught up when the profile lists the badges.
      await expect(page.getByTestId("badge-firstTraining")).toHaveAttribute("data-earned", "true");
      await expect(page.getByTestId("suggestions")).toBeVisible();
    });

    for (const page of ["history", "plan", "profile"] as const) {
      test(`axe: no serious violation on the ${page} page`, async ({ page: browser }) => {
        test.setTimeout(60_000);
        await browser.goto(`${c.origin}${c[page]}`);
        await expect(browser.locator("main")).toBeVisible();
        // Text metrics decide target sizes: measure once the web fonts are in.
        await browser.evaluate(() => document.fonts.ready.then(() => undefined));
        expect(await seriousViolations(browser)).toEqual([]);
      });
    }
  });
}

test("without points access (no appId) the history has scores but no points @no-js", async ({ page, loginAs }) => {
  await loginAs("emma.leroy@demo.test");
  await page.goto("/compte/profil/historique");
  await expect(page.getByTestId("history-row")).toHaveCount(1);
  await expect(page.getByTestId("final-score")).toHaveText("100 %");
  await expect(page.getByRole("columnheader", { name: "Points" })).toHaveCount(0);
  await expect(page.getByTestId("entry-points")).toHaveCount(0);
  await expect(page.getByTestId("total-points")).toHaveCount(0);
});

test("a fresh learner sees empty states with a link to the catalogue @no-js", async ({ page, loginAs }) => {
  const project = test.info().project.name === "no-js" ? "nojs" : "js";
  await loginAs(`records.${project}.fr@demo.test`);
  await page.goto("/compte/profil/historique");
  await expect(page.getByTestId("history-empty").getByRole("link", { name: "Découvrir le catalogue" })).toHaveAttribute("href", "/catalogue");
  await page.goto("/compte/profil/plan-de-formation");
  await expect(page.getByTestId("plan-empty")).toBeVisible();
});
