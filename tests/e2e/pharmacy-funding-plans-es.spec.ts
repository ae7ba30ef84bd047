// Pharmacy management part B in Spanish (issue 15, ADR 0055-0059), with JavaScript on and off: referent.es@demo.test
// walks a FUNDAE request from creation to reimbursement through the state pages (en-cours, financement, rapport,
// remboursement), draws a plan whose activities overlap on two rows, and (JavaScript on) a second browser of
// learner.es@demo.test sees the plan update live; holder@demo.test visits en-cours, financement and rapport. axe on
// every page visited (in the JavaScript project: the no-JS project renders the same HTML).
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { ES_ORIGIN } from "./support/hosts.ts";
import { seriousViolationsWithJs } from "./support/axe";

const NO_JS = { tag: "@no-js" };
test.describe.configure({ mode: "default", timeout: 90_000 });
const project = () => (test.info().project.name === "no-js" ? "nojs" : "js");
const BASE = `${ES_ORIGIN}/administracion/mi-farmacia`;

async function noSeriousViolations(page: Page) {
  expect(await seriousViolationsWithJs(page)).toEqual([]);
}

test("a FUNDAE request walked from creation to reimbursement, seen on each state's page", NO_JS, async ({ page, loginAs }) => {
  await loginAs("referent.es@demo.test", { host: "es.localhost" });
  await page.goto(`${BASE}/bonificaciones/crear`);
  await expect(page.getByRole("heading", { level: 2, name: "Nueva solicitud de financiación" })).toBeVisible();
  // Nothing chosen: one message per field, in Spanish, nothing created.
  await page.getByRole("button", { name: "Crear la solicitud" }).click();
  await expect(page.locator('select[aria-invalid="true"]')).toHaveCount(3);
  await noSeriousViolations(page);

  // One person per project, sessions from the end of the list (the demo requests use the first ones), another one
  // on a retry: a first try may have created its request (one per person and session).
  const person = project() === "js" ? /^Molina Andrés/ : /^López María/;
  const learnerSelect = page.getByLabel("Persona");
  const learnerLabel = (await learnerSelect.locator("option").allTextContents()).find((o) => person.test(o));
  expect(learnerLabel, "the pharmacy's person for this project").toBeDefined();
  await learnerSelect.selectOption({ label: learnerLabel! });
  await page.getByLabel("Financiador").selectOption({ label: "FUNDAE – Formación programada" });
  const sessions = (await page.getByLabel("Sesión").locator("option").allTextContents()).filter(Boolean).slice(1);
  const retry = test.info().retry;
  expect(sessions.length).toBeGreaterThan(retry + 1);
  await page.getByLabel("Sesión").selectOption({ label: sessions[sessions.length - 1 - retry] });
  await page.getByRole("button", { name: "Crear la solicitud" }).click();

  await expect(page).toHaveURL(/\/bonificaciones\/\d+$/);
  const detailUrl = page.url();
  const id = detailUrl.split("/").at(-1)!;
  await expect(page.getByText("Se ha creado la solicitud.")).toBeVisible();
  await expect(page.getByTestId("funding-state")).toContainText("Creación");
  await expect(page.getByRole("button", { name: "Reembolso recibido" })).toHaveCount(0);
  await noSeriousViolations(page);

  const states = page.getByRole("navigation", { name: "Solicitudes de financiación por estado" });
  const steps = [
    ["Enviar al financiador", "En curso", /\/bonificaciones\/en-curso$/],
    ["Financiación concedida", "Financiación", /\/bonificaciones\/financiacion$/],
    ["Informe enviado", "Informe", /\/bonificaciones\/informe$/],
    ["Reembolso recibido", "Reembolso", /\/bonificaciones\/reembolso$/],
  ] as const;
  for (const [button, state, statePage] of steps) {
    await page.getByRole("button", { name: button }).click();
    await expect(page.getByTestId("funding-state")).toContainText(state);
    // The state's page lists the request; its link leads back to it.
    await states.getByRole("link", { name: state, exact: true }).click();
    await expect(page).toHaveURL(statePage);
    const row = page.getByTestId("funding-row").filter({ has: page.locator(`a[href$="/bonificaciones/${id}"]`) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(state);
    await noSeriousViolations(page);
    await row.getByRole("link").click();
    await expect(page).toHaveURL(detailUrl);
  }
  await expect(page.getByText("Solicitud terminada: ya no hay acciones.")).toBeVisible();
  await expect(page.getByTestId("funding-history").locator("li")).toHaveCount(5);
  // FUNDAE pays no training body (ADR 0103): one invoice, the pharmacy's, for the whole cost; the page says what the
  // pharmacy deducts from its contributions.
  await expect(page.getByTestId("funding-payers").getByRole("link")).toHaveCount(1);
  await expect(page.getByTestId("funding-payers")).toContainText("Farmacia");
  await expect(page.getByTestId("funding-payers").getByRole("link")).toContainText(/Factura ES-\d{4}-\d{6}/);
  await expect(page.getByTestId("fundae-bonification")).toContainText("FUNDAE no paga al centro de formación");
  await noSeriousViolations(page);
});

test("a plan whose overlapping activities are drawn on two rows (Spanish)", NO_JS, async ({ page, loginAs }) => {
  await loginAs("referent.es@demo.test", { host: "es.localhost" });
  await page.goto(`${BASE}/plan-colectivo`);
  await expect(page.getByTestId("plans-list")).toBeVisible();
  await noSeriousViolations(page);
  // Dates that cover no today: the learners' current plan stays the demo one.
  const name = `Plan e2e ${project()} ${Date.now()}`;
  await page.getByLabel("Nombre del plan").fill(name);
  await page.getByLabel("Inicio", { exact: true }).fill("2028-03-01");
  await page.getByLabel("Fin", { exact: true }).fill("2028-06-30");
  await page.getByRole("button", { name: "Crear el plan" }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();

  // Each addition is proven by the plan's list growing by one; its toast says so (the previous one may still show).
  const addActivity = async (from: string, to: string, member: RegExp, activities: number) => {
    await page.getByLabel("Formación", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Inicio", { exact: true }).fill(from);
    await page.getByLabel("Fin (opcional)").fill(to);
    await page.getByRole("checkbox", { name: member }).check();
    await page.getByRole("button", { name: "Añadir la actividad" }).click();
    await expect(page.getByTestId("collective-plan-list").locator("li")).toHaveCount(activities);
    await expect(page.getByText("Se ha añadido la actividad al plan.").last()).toBeVisible();
  };
  await addActivity("2028-03-10", "2028-04-20", /María López/, 1);
  await addActivity("2028-04-02", "2028-05-15", /Carlos Ruiz/, 2); // shares April with the first
  const grid = page.getByTestId("collective-plan-grid");
  await expect(grid.getByTestId("collective-plan-row")).toHaveCount(2);
  await expect(grid.locator('[data-row="1"] [data-testid="collective-plan-activity"]')).toHaveCount(1);
  await expect(grid.locator('[data-row="2"] [data-testid="collective-plan-activity"]')).toHaveCount(1);
  await expect(grid.locator("thead th")).toHaveCount(12);
  await expect(page.getByTestId("collective-plan-list").locator("li")).toHaveCount(2);
  await noSeriousViolations(page);
});

test("learner.es@demo.test sees the plan update live in a second browser", async ({ page, browser, loginAs }) => {
  const learnerContext = await browser.newContext({ locale: "es-ES" });
  try {
    const learnerPage = await learnerContext.newPage();
    await loginAs("learner.es@demo.test", { page: learnerPage, host: "es.localhost" });
    await learnerPage.goto(`${ES_ORIGIN}/cuenta/perfil/plan-de-formacion`);
    await expect(learnerPage.getByTestId("learner-collective-plan")).toBeVisible();
    const before = await learnerPage.getByTestId("learner-collective-activity").count();
    await noSeriousViolations(learnerPage);
    // The island listens once hydrated and subscribed to the account channel.
    await learnerPage.waitForLoadState("networkidle");

    await loginAs("referent.es@demo.test", { host: "es.localhost" });
    await page.goto(`${BASE}/plan-colectivo`);
    // The current plan (its dates cover today) is the seeded team plan.
    await page.getByRole("link", { name: "Plan de formación del equipo" }).click();
    const training = page.getByLabel("Formación", { exact: true });
    const label = await training.locator("option").nth(2).textContent();
    await training.selectOption({ index: 2 });
    await page.getByLabel("Inicio", { exact: true }).fill(new Date().toISOString().slice(0, 10));
    await page.getByRole("checkbox", { name: /María López/ }).check();
    await page.getByRole("button", { name: "Añadir la actividad" }).click();
    await expect(page.getByText("Se ha añadido la actividad al plan.")).toBeVisible();

    // No reload on the learner's side: TrainingPlanUpdate on the account channel revalidates the page.
    await expect(learnerPage.getByTestId("learner-collective-activity")).toHaveCount(before + 1, { timeout: 10_000 });
    await expect(learnerPage.getByTestId("learner-collective-plan")).toContainText(label!.trim());
  } finally {
    await learnerContext.close();
  }
});

test("holder@demo.test visits the en-cours, financement and rapport pages", NO_JS, async ({ page, loginAs }) => {
  await loginAs("holder@demo.test");
  await page.goto("/gestion/ma-pharmacie/prises-en-charge");
  const states = page.getByRole("navigation", { name: "Demandes de prise en charge par état" });
  for (const [link, path, state] of [
    ["En cours", /\/prises-en-charge\/en-cours$/, "En cours"],
    ["Financement", /\/prises-en-charge\/financement$/, "Financement"],
    ["Rapport", /\/prises-en-charge\/rapport$/, "Rapport"],
  ] as const) {
    await states.getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 2, name: `Prises en charge : ${state}` })).toBeVisible();
    // The demo data has a request in each of these states; every row is in this state.
    const rows = page.getByTestId("funding-row");
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    await expect(rows.filter({ hasText: state })).toHaveCount(count);
    await noSeriousViolations(page);
  }
});
