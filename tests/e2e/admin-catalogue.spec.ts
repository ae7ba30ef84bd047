// The back office's catalogue journey (issue 16 part A), as admin@demo.test, JavaScript on and off: create a
// face-to-face training (a wrong form first: messages per field, what was typed kept), add a session group and a
// session, publish it, find it in the public catalogue, and buy it in the shop as a new shop customer with a session
// seat; the session page then lists the buyer. Each back-office page passes axe (JavaScript project).
import type { Browser, Page } from "@playwright/test";
import { expect, test, PASSWORD } from "./support/fixtures.ts";
import { seriousViolationsWithJs } from "./support/axe";

const NO_JS = { tag: "@no-js" };
test.describe.configure({ mode: "default", timeout: 180_000 });
const SLOW = { timeout: 20_000 };
const project = () => (test.info().project.name === "no-js" ? "nojs" : "js");

async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: project() === "js", baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test("create, publish and sell a face-to-face training from the back office", NO_JS, async ({ page, browser, loginAs }) => {
  const stamp = `${project()}${Date.now().toString(36)}`;
  const name = `Atelier Zephyrin ${stamp}`;
  const slug = `atelier-zephyrin-${stamp}`;
  await loginAs("admin@demo.test");

  await page.goto("/admin");
  await expect(page.getByTestId("admin-index")).toBeVisible();
  await expect(page.getByTestId("admin-nav")).toBeVisible();
  expect(await seriousViolationsWithJs(page)).toEqual([]);

  // A wrong form first: a message per field, and what was typed is still there.
  await page.goto("/admin/catalog/new");
  const form = page.getByTestId("training-form");
  await form.getByLabel("Nom", { exact: true }).fill(name);
  await form.getByLabel("Slug (adresse)").fill("Pas Un Slug");
  await form.getByLabel("Durée (minutes)").fill("420");
  await form.getByLabel("Prix HT").fill("dix euros");
  await form.getByRole("button", { name: "Créer la formation" }).click();
  await expect(page.getByText("Seulement des lettres minuscules").first()).toBeVisible(SLOW);
  await expect(page.getByText("Un montant comme 120 ou 120,50.").first()).toBeVisible();
  await expect(form.getByLabel("Nom", { exact: true })).toHaveValue(name);
  expect(await seriousViolationsWithJs(page)).toEqual([]);

  await form.getByLabel("Slug (adresse)").fill(slug);
  await form.getByLabel("Prix HT").fill("250");
  await form.getByLabel("Type").selectOption("faceToFaceOnly");
  await form.getByRole("button", { name: "Créer la formation" }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/\d+$/, SLOW);
  await expect(page.getByTestId("publication")).toHaveAttribute("data-published", "false");

  // A session group, then a session with 8 seats.
  const groupForm = page.getByTestId("form-addFaceToFace");
  await groupForm.getByLabel("Nom du groupe de sessions").fill("Ateliers 2031");
  await groupForm.getByRole("button", { name: "Ajouter un groupe de sessions" }).click();
  await expect(page.getByTestId("session-group")).toHaveCount(1, SLOW);
  const group = page.getByTestId("session-group");
  await group.getByText("Ajouter une session").first().click();
  const sessionForm = group.locator("form");
  await sessionForm.getByLabel("Nom de la session").fill("Lyon juin");
  await sessionForm.getByLabel("Date").fill("2031-06-10");
  await sessionForm.getByLabel("Places").fill("8");
  await sessionForm.getByLabel("Début").fill("09:00");
  await sessionForm.getByLabel("Fin").fill("17:00");
  await sessionForm.getByLabel("Ville").fill("Lyon");
  await sessionForm.getByRole("button", { name: "Ajouter une session" }).click();
  await expect(group.getByRole("link", { name: /Lyon juin/ })).toBeVisible(SLOW);
  expect(await seriousViolationsWithJs(page)).toEqual([]);

  // Publish: the training is in the public catalogue at once.
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByTestId("publication")).toHaveAttribute("data-published", "true", SLOW);
  const trainingUrl = page.url();

  const guest = await guestPage(browser);
  // In the catalogue itself (face-to-face, newest first) and in its search.
  await guest.goto("/catalogue?type=faceToFaceOnly&sort=newest");
  await expect(guest.getByText(name).first()).toBeVisible(SLOW);
  await guest.goto(`/recherche/Zephyrin%20${stamp}`);
  await expect(guest.getByText(name).first()).toBeVisible(SLOW);
  await guest.goto(`/faceToFaceOnly/${slug}`);
  await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible(SLOW);

  // The shop: add it, choose a function and the session, log in as a new shop customer, pay by card.
  await guest.goto("/boutique");
  let item = guest.getByTestId("shop-item").filter({ hasText: name });
  for (let n = 2; (await item.count()) === 0 && n <= 20; n++) {
    await guest.goto(`/boutique?page=${n}`);
    item = guest.getByTestId("shop-item").filter({ hasText: name });
  }
  await item.getByTestId("add-to-cart").click();
  await expect(guest.getByText(/Ajouté à votre panier/).first()).toBeVisible(SLOW);
  await guest.goto("/boutique/panier");
  // The line's function, session and funding in its one form (issue 30 item 8).
  const cartForm = guest.getByTestId("cart-line-form");
  for (const select of await cartForm.locator("select").all()) {
    await select.selectOption((await select.locator("option:not([disabled])").first().getAttribute("value"))!);
  }
  await cartForm.getByRole("button").click();
  await expect(guest.getByText(/Votre panier a été mis à jour/).first()).toBeVisible(SLOW);
  await guest.getByRole("link", { name: /Se connecter pour payer/ }).click();
  await guest.getByLabel(/adresse e-mail/i).fill(`shop.admin.${project()}.fr@demo.test`);
  await guest.getByLabel(/^mot de passe$/i).fill(PASSWORD);
  await guest.getByRole("button", { name: /se connecter/i }).click();
  await expect(guest).toHaveURL(/\/boutique\/panier$/, SLOW);
  await guest.getByTestId("cart-pay-card").click();
  await expect(guest).toHaveURL(/\/back\/payments\/sandbox\//, SLOW);
  await guest.locator("#card").fill("4242 4242 4242 4242");
  await guest.locator("button[type=submit]").click();
  await expect(guest.getByTestId("order-page")).toHaveAttribute("data-status", "paid", SLOW);
  await guest.context().close();

  // Back office: the session has its buyer; its attendance sheet is a PDF link.
  await page.goto(trainingUrl);
  await page.getByRole("link", { name: /Lyon juin/ }).click();
  await expect(page.getByTestId("admin-session")).toBeVisible(SLOW);
  await expect(page.getByTestId("participant")).toHaveCount(1);
  await expect(page.getByTestId("participant")).toContainText(`shop.admin.${project()}.fr@demo.test`);
  await expect(page.getByTestId("attendance-link").first()).toHaveAttribute("href", /\/attendance\/2031-06-10$/);
  expect(await seriousViolationsWithJs(page)).toEqual([]);

  // The audit log shows the creation and the publication, in words (issue 30 item 6).
  await page.goto("/admin/audit?entityType=training");
  await expect(page.getByTestId("audit-row").filter({ hasText: "a publié une formation" }).first()).toBeVisible();
  expect(await seriousViolationsWithJs(page)).toEqual([]);
});

// Editing and reordering what a training is made of (ADR 0080), JavaScript on and off: a wrong edit keeps what was
// typed with its message, a right one is shown at once; a course moved down changes places; the audit log has both.
test("edit a course and reorder the courses of a training", NO_JS, async ({ page, loginAs }) => {
  const stamp = `${project()}${Date.now().toString(36)}`;
  await loginAs("admin@demo.test");
  await page.goto("/admin/catalog/new");
  const form = page.getByTestId("training-form");
  await form.getByLabel("Nom", { exact: true }).fill(`Ordre Quintilien ${stamp}`);
  await form.getByLabel("Slug (adresse)").fill(`ordre-quintilien-${stamp}`);
  await form.getByLabel("Durée (minutes)").fill("60");
  await form.getByLabel("Prix HT").fill("90");
  await form.getByRole("button", { name: "Créer la formation" }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/\d+$/, SLOW);

  for (const name of ["Premier", "Second"]) {
    const add = page.getByTestId("form-addCourse");
    await add.getByLabel("Nom du parcours").fill(name);
    await add.getByLabel("Durée (minutes)").fill("30");
    await add.getByRole("button", { name: "Ajouter un parcours" }).click();
    await expect(page.getByTestId("course-title").filter({ hasText: name })).toBeVisible(SLOW);
  }
  const titles = page.getByTestId("course-title");
  await expect(titles).toHaveText([/^1\. Premier ·/, /^2\. Second ·/]);

  // A wrong edit: its message, and the typed name is kept (the disclosure comes back open).
  const first = page.getByTestId("course").first();
  await first.getByText("Modifier « Premier »").click();
  const edit = first.locator("form[data-testid^='form-editCourse-']");
  await edit.getByLabel("Nom du parcours").fill("Premier revu");
  await edit.getByLabel("Durée (minutes)").fill("beaucoup");
  await edit.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(edit.getByText("Valeur invalide.").first()).toBeVisible(SLOW);
  await expect(edit.getByLabel("Nom du parcours")).toHaveValue("Premier revu");
  await expect(titles.first()).toHaveText(/^1\. Premier ·/);

  await edit.getByLabel("Durée (minutes)").fill("45");
  await edit.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(titles.first()).toHaveText(/^1\. Premier revu · .* · 45 min$/, SLOW);
  expect(await seriousViolationsWithJs(page)).toEqual([]);

  // Move the first course down: the order changes, the positions stay 1 and 2.
  await page.getByRole("button", { name: "Descendre « Premier revu »" }).click();
  await expect(titles).toHaveText([/^1\. Second ·/, /^2\. Premier revu ·/], SLOW);
  await expect(page.getByRole("button", { name: "Monter « Second »" })).toBeDisabled();

  await page.goto("/admin/audit?entityType=course");
  await expect(page.getByTestId("audit-row").filter({ hasText: "a déplacé un parcours" }).first()).toBeVisible(SLOW);
  await expect(page.getByTestId("audit-row").filter({ hasText: "a modifié un parcours" }).first()).toBeVisible();
});

test(
  "set a training's pass rules: a wrong combination is explained on its fields, then the rules are saved and audited (ADR 0107)",
  NO_JS,
  async ({ page, loginAs }) => {
    const stamp = `${project()}${Date.now().toString(36)}`;
    await loginAs("admin@demo.test");
    await page.goto("/admin/catalog/new");
    const form = page.getByTestId("training-form");
    await form.getByLabel("Nom", { exact: true }).fill(`Règles Zénobie ${stamp}`);
    await form.getByLabel("Slug (adresse)").fill(`regles-zenobie-${stamp}`);
    await form.getByLabel("Durée (minutes)").fill("60");
    await form.getByLabel("Prix HT").fill("90");
    await form.getByRole("button", { name: "Créer la formation" }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/\d+$/, SLOW);

    const rules = page.getByTestId("form-pass-rules");
    await expect(page.getByTestId("pass-rules-status")).toContainText("Règles par défaut");
    // The end at the first failure does not take a number of attempts nor a wait.
    await rules.getByLabel("Après un échec à un quiz noté").selectOption("end");
    await rules.getByLabel("Nombre de tentatives en tout").fill("3");
    await rules.getByLabel("Délai avant une nouvelle tentative (minutes)").fill("60");
    await rules.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(rules.getByText("Seulement avec de nouvelles tentatives").first()).toBeVisible(SLOW);
    await expect(rules.getByLabel("Nombre de tentatives en tout")).toHaveValue("3");
    await expect(page.getByTestId("pass-rules-status")).toContainText("Règles par défaut");

    // Three attempts a day apart, the last one counts, the right answers shown after a failure.
    await rules.getByLabel("Après un échec à un quiz noté").selectOption("retry");
    await rules.getByLabel("Délai avant une nouvelle tentative (minutes)").fill("1440");
    await rules.getByLabel("Tentative retenue").selectOption("last");
    await rules.getByLabel("Montrer les bonnes réponses après un échec").check();
    await rules.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByTestId("pass-rules-status")).toContainText("Règles propres", SLOW);
    await expect(rules.getByLabel("Nombre de tentatives en tout")).toHaveValue("3");
    await expect(rules.getByLabel("Délai avant une nouvelle tentative (minutes)")).toHaveValue("1440");
    await expect(rules.getByLabel("Tentative retenue")).toHaveValue("last");
    await expect(rules.getByLabel("Montrer les bonnes réponses après un échec")).toBeChecked();
    expect(await seriousViolationsWithJs(page)).toEqual([]);

    // A passing score is for a post-test or a stand-alone quiz only.
    const addQuiz = page.getByTestId("form-addQuiz");
    await addQuiz.getByLabel("Titre du quiz").fill("Avis");
    await addQuiz.getByLabel("Type de quiz").selectOption("evaluation");
    await addQuiz.getByLabel("Score de réussite (%)").fill("70");
    await addQuiz.getByRole("button", { name: "Ajouter un quiz" }).click();
    await expect(addQuiz.getByText("Seuls un post-test ou un quiz autonome ont un seuil de réussite").first()).toBeVisible(SLOW);

    await page.goto("/admin/audit?entityType=training");
    await expect(page.getByTestId("audit-row").filter({ hasText: "a modifié les règles de réussite d'une formation" }).first()).toBeVisible(SLOW);
  },
);
