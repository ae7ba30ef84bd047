// Pharmacy management part B (issue 15, ADR 0055-0059), with JavaScript on and off: a funding request walked from
// creation to reimbursement by the holder, the FUNDAE report downloaded by the Spanish referent, a plan with
// overlapping activities drawn on two rows, and (JavaScript on) a learner's second browser seeing the plan update
// live. axe on every page visited.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { ES_ORIGIN } from "./support/hosts.ts";
import { seriousViolationsWithJs } from "./support/axe";

const NO_JS = { tag: "@no-js" };
test.describe.configure({ mode: "default", timeout: 120_000 });
const project = () => (test.info().project.name === "no-js" ? "nojs" : "js");

async function noSeriousViolations(page: Page) {
  // axe runs in the page: with JavaScript off the no-JS project renders the same HTML the JS project checks.
  expect(await seriousViolationsWithJs(page)).toEqual([]);
}

/** Picks the first option whose label matches, returns its label. */
async function chooseOption(page: Page, label: RegExp, match: (text: string) => boolean): Promise<string> {
  const select = page.getByLabel(label);
  const options = await select.locator("option").allTextContents();
  const text = options.find((o) => o && match(o));
  if (!text) throw new Error(`no option for ${label}`);
  await select.selectOption({ label: text });
  return text;
}

test("a funding request walked from creation to reimbursement, with its history and invoices", NO_JS, async ({ page, loginAs }) => {
  await loginAs("holder@demo.test");
  await page.goto("/gestion/ma-pharmacie/dpec?from=mail");
  await expect(page).toHaveURL(/\/gestion\/ma-pharmacie\/prises-en-charge\?from=mail$/);
  await expect(page.getByRole("heading", { level: 2, name: "Prises en charge" })).toBeVisible();
  await noSeriousViolations(page);

  await page.getByRole("link", { name: "Nouvelle demande" }).first().click();
  await expect(page).toHaveURL(/\/prises-en-charge\/creer$/);
  // Nothing chosen: one message per field, nothing created.
  await page.getByRole("button", { name: "Créer la demande" }).click();
  await expect(page.locator('select[aria-invalid="true"]')).toHaveCount(3);
  await expect(page.getByRole("alert").filter({ hasText: "Certains champs sont invalides." })).toBeVisible();
  await noSeriousViolations(page);
  // One learner per project so that the two runs never ask for the same learner and session.
  const learner = project() === "js" ? /Leroy Emma/ : /Bonnet Lucas/;
  await chooseOption(page, /Collaborateur/, (o) => learner.test(o));
  await chooseOption(page, /Financeur/, (o) => /FIF PL/.test(o));
  const sessions = (await page.getByLabel("Session").locator("option").allTextContents()).filter(Boolean).slice(1);
  // A retry asks for another session: the first try may have created its request (one per learner and session).
  const retry = test.info().retry;
  expect(sessions.length).toBeGreaterThan(retry);
  await page.getByLabel("Session").selectOption({ label: sessions[sessions.length - 1 - retry] });
  await page.getByRole("button", { name: "Créer la demande" }).click();

  await expect(page).toHaveURL(/\/prises-en-charge\/\d+$/);
  await expect(page.getByText("La demande est créée.")).toBeVisible();
  await expect(page.getByTestId("funding-state")).toContainText("Création");
  await noSeriousViolations(page);
  // A step the state does not allow is not offered.
  await expect(page.getByRole("button", { name: "Remboursement reçu" })).toHaveCount(0);

  for (const [button, state] of [
    ["Envoyer au financeur", "En cours"],
    ["Financement accordé", "Financement"],
    ["Rapport envoyé", "Rapport"],
    ["Remboursement reçu", "Remboursement"],
  ] as const) {
    await page.getByRole("button", { name: button }).click();
    await expect(page.getByTestId("funding-state")).toContainText(state);
  }
  await expect(page.getByText("Demande terminée : plus aucune action.")).toBeVisible();
  await expect(page.getByTestId("funding-history").locator("li")).toHaveCount(5);
  // The invoices per payer (issued when the funding was granted): the funder's is a PDF.
  const invoiceLink = page.getByTestId("funding-payers").getByRole("link").first();
  await expect(invoiceLink).toContainText(/Facture FR-\d{4}-\d{6}/);
  const href = await invoiceLink.getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await noSeriousViolations(page);

  // The request is now on the reimbursement page.
  await page.getByRole("link", { name: "Remboursement", exact: true }).click();
  await expect(page.getByTestId("funding-table")).toContainText(project() === "js" ? "Emma Leroy" : "Lucas Bonnet");
  await noSeriousViolations(page);
});

test("the Spanish referent sees the FUNDAE groups and downloads the report", NO_JS, async ({ page, loginAs }) => {
  await loginAs("referent.es@demo.test", { host: "es.localhost" });
  await page.goto(`${ES_ORIGIN}/administracion/mi-farmacia/bonificaciones`);
  await expect(page.getByTestId("fundae-groups")).toBeVisible();
  await noSeriousViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("fundae-download").click()]);
  const file = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = file.trim().split("\r\n");
  expect(lines[0]).toBe(
    "Acción formativa;Grupo;Inicio;Fin;Apellidos;Nombre;Correo electrónico;N.º profesional;Horas;Coste total (€);Importe bonificado (€);Cofinanciación privada (€);Estado",
  );
  expect(lines.length).toBeGreaterThan(1);
  expect(lines[1]).toMatch(/;\d{2}\/\d{2}\/\d{4};/);
});

test("a collective plan with overlapping activities drawn on two rows", NO_JS, async ({ page, loginAs }) => {
  await loginAs("holder@demo.test");
  await page.goto("/gestion/ma-pharmacie/plan-collectif");
  await expect(page.getByTestId("plans-list")).toBeVisible();
  await noSeriousViolations(page);
  const name = `Plan e2e ${project()} ${Date.now()}`;
  await page.getByLabel("Nom du plan").fill(name);
  await page.getByLabel("Début").fill("2027-03-01");
  await page.getByLabel("Fin", { exact: true }).fill("2027-01-31");
  await page.getByRole("button", { name: "Créer le plan" }).click();
  // The end before the start: a message on the field, the typed name kept.
  await expect(page.getByText("La date de fin ne peut pas précéder la date de début.")).toBeVisible();
  await expect(page.getByLabel("Nom du plan")).toHaveValue(name);
  await page.getByLabel("Fin", { exact: true }).fill("2027-06-30");
  await page.getByRole("button", { name: "Créer le plan" }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();

  const addActivity = async (from: string, to: string, member: RegExp) => {
    await page.getByLabel("Formation", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Début").fill(from);
    await page.getByLabel("Fin (facultatif)").fill(to);
    await page.getByRole("checkbox", { name: member }).check();
    await page.getByRole("button", { name: "Ajouter l'activité" }).click();
    await expect(page.getByText("L'activité est ajoutée au plan.")).toBeVisible();
  };
  await addActivity("2027-03-10", "2027-04-20", /Emma Leroy/);
  await addActivity("2027-04-02", "2027-05-15", /Léa Bernard/); // shares April with the first
  const grid = page.getByTestId("collective-plan-grid");
  await expect(grid.getByTestId("collective-plan-row")).toHaveCount(2);
  await expect(grid.locator('[data-row="1"] [data-testid="collective-plan-activity"]')).toHaveCount(1);
  await expect(grid.locator('[data-row="2"] [data-testid="collective-plan-activity"]')).toHaveCount(1);
  // Padded to 12 months from March 2027: 12 month columns.
  await expect(grid.locator("thead th")).toHaveCount(12);
  await expect(page.getByTestId("collective-plan-list").locator("li")).toHaveCount(2);
  await noSeriousViolations(page);
});

test("a learner of the pharmacy sees the plan update live in a second browser", async ({ page, browser, loginAs }) => {
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await loginAs("nonpharmacist@demo.test", { page: learnerPage });
  await learnerPage.goto("/compte/profil/plan-de-formation");
  await expect(learnerPage.getByTestId("learner-collective-plan")).toBeVisible();
  const before = await learnerPage.getByTestId("learner-collective-activity").count();
  await noSeriousViolations(learnerPage);
  // The island is listening once the account channel is occupied; give it a moment after hydration.
  await learnerPage.waitForLoadState("networkidle");

  await loginAs("holder@demo.test");
  await page.goto("/gestion/ma-pharmacie/plan-collectif");
  // The current plan (its dates cover today) is the seeded team plan.
  await page.getByRole("link", { name: "Plan de formation de l'équipe" }).click();
  const training = await page.getByLabel("Formation", { exact: true }).locator("option").nth(2).textContent();
  await page.getByLabel("Formation", { exact: true }).selectOption({ index: 2 });
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("Début").fill(today);
  await page.getByRole("checkbox", { name: /Kevin Robin/ }).check();
  await page.getByRole("button", { name: "Ajouter l'activité" }).click();
  await expect(page.getByText("L'activité est ajoutée au plan.")).toBeVisible();

  // No reload on the learner's side: TrainingPlanUpdate on the account channel revalidates the page.
  await expect(learnerPage.getByTestId("learner-collective-activity")).toHaveCount(before + 1, { timeout: 10_000 });
  await expect(learnerPage.getByTestId("learner-collective-plan")).toContainText(training!.trim());
  await learnerContext.close();
});
