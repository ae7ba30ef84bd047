// The back office, part B (issue 16), as admin@demo.test with JavaScript on and off: edit a content page and see it
// live; confirm a payment by check and see the buyer enrolled; export a month of invoices (CSV and .xlsx) and open
// the files; issue a credit note after its confirmation step (ADR 0094); every page of part B without serious
// accessibility findings.
import fs from "node:fs";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test, PASSWORD } from "./support/fixtures.ts";
import { at } from "./support/hosts.ts";
import { seriousViolationsWithJs } from "./support/axe";
import { readFirstSheet } from "../fixtures/read-xlsx.ts";

const NO_JS = { tag: "@no-js" };
test.describe.configure({ mode: "serial", timeout: 120_000 });
const SLOW = { timeout: 20_000 };
const project = () => (test.info().project.name === "no-js" ? "nojs" : "js");

/**
 * A pending check order made through the shop's API (its own cookie jar) by this test's own shop customer (one per
 * scenario and project, so parallel runs never share a cart or an enrolment): one store training the customer does
 * not follow yet, paid by check. The order id and the training.
 */
async function pendingCheckOrder(request: APIRequestContext, email: string): Promise<{ orderId: number; training: string }> {
  const origin = at("localhost", "");
  await request.get(`${origin}/back/sanctum/csrf-cookie`);
  const xsrf = async () => decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")!.value);
  const post = async (path: string, data: unknown) => request.post(`${origin}/back/api${path}`, { data, headers: { "x-xsrf-token": await xsrf() } });
  expect((await post("/login", { email, password: PASSWORD })).status()).toBe(200);
  const catalogue = await (await request.get(`${origin}/back/api/catalogue?pageSize=100&type=formation`)).json();
  for (const item of catalogue.data.items as { id: number; name: string }[]) {
    const added = await post("/shop/add/products", { products: [item.id] });
    if (added.status() !== 200) continue;
    const cart = (await added.json()).data;
    const line = (cart.products as { id: number; productId: number }[]).find((p) => p.productId === item.id)!;
    const functions = (await (await post("/shop/getAvailableFunctions/product", { productId: item.id })).json()).data as { name: string }[];
    if (functions.length) await post("/shop/setProductFunction/product", { productCartId: line.id, functionName: functions[0].name });
    const paid = await request.get(`${origin}/back/api/shop/payByCheck`, { headers: { "x-xsrf-token": await xsrf() } });
    if (paid.status() === 200) return { orderId: (await paid.json()).data.id, training: item.name };
    await post("/shop/remove/product", { productId: item.id });
  }
  throw new Error(`no store training left to buy for ${email}`);
}

test("edit a content page, preview it, publish it and see it live", NO_JS, async ({ page, loginAs }) => {
  await loginAs("admin@demo.test");
  // Each project edits its own brand's page: the two projects' runs may overlap, and one page would mix their drafts.
  const brand = project() === "js" ? "fr" : "be";
  await page.goto(at("localhost", `/admin/editor?brand=${brand}&kind=page`));
  await expect(page.getByTestId("admin-nav")).toBeVisible();
  expect(await seriousViolationsWithJs(page)).toEqual([]);
  await page.locator('[data-testid="editor-row"][data-slug="qui-sommes-nous"]').getByRole("link").click();
  await expect(page.getByTestId("editor-form")).toBeVisible(SLOW);
  const title = `Qui sommes-nous (${project()})`;
  await page.getByLabel("Titre").fill(title);
  await page
    .getByLabel("Contenu (HTML)")
    .fill(`<p>Une équipe de pharmaciens <strong>${project()}</strong>.</p><script>alert(1)</script><p onclick="x()">Fin</p>`);
  // First a draft and its preview (the script and the handler are gone), then publish.
  await page.getByRole("button", { name: "Enregistrer le brouillon et prévisualiser" }).click();
  await expect(page.getByTestId("editor-preview")).toContainText(title, SLOW);
  await expect(page.getByTestId("preview-body").locator("strong")).toHaveText(project());
  expect(await page.getByTestId("preview-body").innerHTML()).not.toMatch(/script|onclick/);
  expect(await seriousViolationsWithJs(page)).toEqual([]);
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Publié : la page est en ligne.").first()).toBeVisible(SLOW);
  await expect(page.getByTestId("see-live")).toHaveAttribute("href", "/pages/qui-sommes-nous");

  // Live, for a guest too (a fresh browser context: no session, the guest page cache followed the publication).
  const guest = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: project() === "js" });
  const visitor = await guest.newPage();
  await visitor.goto(at(brand === "fr" ? "localhost" : "be.localhost", "/pages/qui-sommes-nous"));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.getByTestId("content-body").locator("strong")).toHaveText(project());
  await guest.close();
});

test("a bad edit keeps what was typed and changes nothing", NO_JS, async ({ page, loginAs }) => {
  await loginAs("admin@demo.test");
  await page.goto(at("localhost", "/admin/editor/create-page"));
  await page.getByLabel("Titre").fill("Une page");
  await page.getByLabel("Adresse (slug)").fill("Pas Valide !");
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page.getByText(/Seulement des lettres minuscules, des chiffres et des tirets/).first()).toBeVisible(SLOW);
  await expect(page.getByLabel("Adresse (slug)")).toHaveValue("Pas Valide !");
  await expect(page.getByLabel("Titre")).toHaveValue("Une page");
});

test("confirm a payment by check: the order is paid and the buyer enrolled", NO_JS, async ({ page, loginAs }) => {
  const email = `shop.admincheck.${project()}.fr@demo.test`;
  const buyer = await playwrightRequest.newContext();
  const { orderId, training } = await pendingCheckOrder(buyer, email);
  await buyer.dispose();
  await loginAs("admin@demo.test");
  await page.goto(at("localhost", "/admin/factureCompta"));
  expect(await seriousViolationsWithJs(page)).toEqual([]);
  const row = page.locator(`[data-testid="check-row"][data-order-id="${orderId}"]`);
  await expect(row).toContainText(email);
  await row.getByTestId("confirm-check").click();
  // The confirmation step: nothing is done before it.
  await expect(page.getByTestId("confirm-panel")).toContainText(`n° ${orderId}`, SLOW);
  expect(await seriousViolationsWithJs(page)).toEqual([]);
  await page.getByRole("button", { name: "Oui, le chèque est reçu" }).click();
  await expect(page.getByText(/Chèque confirmé/).first()).toBeVisible(SLOW);
  await expect(page.locator(`[data-testid="check-row"][data-order-id="${orderId}"]`)).toHaveCount(0);

  // The buyer is enrolled: their record in the back office shows the training and the paid order.
  await page.goto(at("localhost", `/admin/users?q=${encodeURIComponent(email)}`));
  await page.getByTestId("user-row").first().getByRole("link").click();
  await expect(page.getByTestId("user-detail")).toBeVisible(SLOW);
  await expect(page.getByTestId("user-enrolment").filter({ hasText: training })).toHaveCount(1);
  await expect(page.getByTestId("user-order").filter({ hasText: `#${orderId}` })).toHaveAttribute("data-status", "paid");
  expect(await seriousViolationsWithJs(page)).toEqual([]);
});

test("export a period of invoices as CSV and as a spreadsheet, and open both files", NO_JS, async ({ page, loginAs }) => {
  await loginAs("admin@demo.test");
  await page.goto(at("localhost", "/admin/factureCompta"));
  const form = page.getByTestId("export-form");
  await form.getByLabel("Marque").selectOption("fr");
  // A period that ended yesterday: the tests that pay or refund beside this one write today's invoices, and the two
  // files, downloaded one after the other, must hold the same lines.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const period = { from: day(300), to: day(1) };
  await form.getByLabel("Du").fill(period.from);
  await form.getByLabel("Au").fill(period.to);

  await form.getByLabel("Format").selectOption("csv");
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Télécharger l'export" }).click()]);
  expect(csvDownload.suggestedFilename()).toBe(`journal-fr-${period.from}-${period.to}.csv`);
  const csv = fs.readFileSync((await csvDownload.path())!, "utf8").replace(/^\uFEFF/, "");
  const rows = csv
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));
  expect(rows[0]).toEqual(["Journal", "Date", "Compte", "N° de pièce", "Libellé", "Débit", "Crédit"]);
  expect(rows.length).toBeGreaterThan(1);
  const cents = (v: string | undefined) => (v ? Math.round(Number(v.replace(",", ".")) * 100) : 0);
  expect(rows.slice(1).reduce((sum, r) => sum + cents(r[5]) - cents(r[6]), 0)).toBe(0);
  expect(rows.slice(1).every((r) => r[0] === "VT" && /^\d{2}\/\d{2}\/\d{4}$/.test(r[1]))).toBe(true);

  await page.goto(at("localhost", "/admin/factureCompta"));
  await page.getByTestId("export-form").getByLabel("Du").fill(period.from);
  await page.getByTestId("export-form").getByLabel("Au").fill(period.to);
  await page.getByTestId("export-form").getByLabel("Format").selectOption("xlsx");
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-form").getByRole("button", { name: "Télécharger l'export" }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheet = readFirstSheet(new Uint8Array(fs.readFileSync((await xlsxDownload.path())!)));
  expect(sheet[0]).toEqual(["Journal", "Date", "Compte", "N° de pièce", "Libellé", "Débit", "Crédit"]);
  expect(sheet.length).toBe(rows.length);
  const euros = (v: string | undefined) => (v ? Math.round(Number(v) * 100) : 0);
  expect(sheet.slice(1).reduce((sum, r) => sum + euros(r[5]) - euros(r[6]), 0)).toBe(0);
  expect(sheet.slice(1).map((r) => r[3])).toEqual(rows.slice(1).map((r) => r[3]));
});

test("issue a credit note for a paid invoice after its confirmation step; the buyer's order shows it", NO_JS, async ({ page, loginAs }) => {
  const buyer = await playwrightRequest.newContext();
  const { orderId } = await pendingCheckOrder(buyer, `shop.credit.${project()}.fr@demo.test`);
  await loginAs("admin@demo.test");
  await page.goto(at("localhost", `/admin/factureCompta?confirm=${orderId}`));
  await page.getByRole("button", { name: "Oui, le chèque est reçu" }).click();
  await expect(page.getByText(/Chèque confirmé/).first()).toBeVisible(SLOW);
  const order = async () =>
    (await (await buyer.get(at("localhost", `/back/api/shop/command/${orderId}`))).json()).data as {
      invoice: { number: string };
      creditNote: { number: string; downloadPath: string } | null;
    };
  const { invoice } = await order();

  await page.goto(at("localhost", "/admin/factureCompta"));
  await page.getByTestId("invoices-link").click();
  await expect(page.getByTestId("admin-invoices")).toBeVisible(SLOW);
  await page.getByTestId("list-filters").getByLabel("N° ou client").fill(invoice.number);
  await page.getByTestId("list-filters").getByRole("button", { name: "Filtrer" }).click();
  const row = page.locator(`[data-testid="invoice-row"][data-number="${invoice.number}"]`);
  await expect(row).toHaveCount(1, SLOW);
  expect(await seriousViolationsWithJs(page)).toEqual([]);
  await row.getByTestId("credit-invoice").click();
  // The confirmation step says what will happen; nothing is done before it.
  const panel = page.getByTestId("confirm-panel");
  await expect(panel).toContainText(`Émettre un avoir pour la facture ${invoice.number}`, SLOW);
  expect((await order()).creditNote).toBeNull();
  expect(await seriousViolationsWithJs(page)).toEqual([]);
  await panel.getByRole("button", { name: "Oui, émettre l'avoir" }).click();
  await expect(page.getByText(/Avoir FR-AV-\d{4}-\d{6} émis/).first()).toBeVisible(SLOW);
  const { creditNote } = await order();
  expect(creditNote?.number).toMatch(/^FR-AV-\d{4}-\d{6}$/);
  await expect(page.locator(`[data-testid="invoice-row"][data-number="${invoice.number}"]`)).toContainText(`Annulée par l'avoir ${creditNote!.number}`);
  await expect(page.locator(`[data-testid="invoice-row"][data-number="${invoice.number}"] [data-testid="credit-invoice"]`)).toHaveCount(0);

  // The buyer's order page names it and gives its PDF.
  const pdf = await buyer.get(at("localhost", creditNote!.downloadPath));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await buyer.dispose();
});

// Issue 28, item 12: any value in a usage limit got "Valeur invalide.", with JavaScript on and off.
test("create a discount code with usage limits; the list shows its limit", NO_JS, async ({ page, loginAs }) => {
  await loginAs("admin@demo.test");
  await page.goto(at("localhost", "/admin/discountCodes"));
  const code = `LIMITE${project().toUpperCase()}${Date.now()}`;
  const form = page.getByTestId("code-form");
  await form.getByLabel("Code", { exact: true }).fill(code);
  await form.getByLabel("Valeur", { exact: true }).fill("10");
  await form.getByLabel("Utilisations au plus (toutes)").fill("5");
  await form.getByLabel("Utilisations au plus par client").fill("1");
  await form.getByRole("button", { name: "Créer le code" }).click();
  await expect(page.getByText("Code créé.").first()).toBeVisible(SLOW);
  await page.goto(at("localhost", `/admin/discountCodes?q=${code}`));
  await expect(page.locator(`[data-testid="code-row"][data-code="${code}"]`)).toContainText("0 / 5", SLOW);
});

test("the other tools of part B render without serious accessibility findings", async ({ page, loginAs }) => {
  await loginAs("admin@demo.test");
  for (const path of [
    "/admin/editor/create-page",
    "/admin/faq",
    "/admin/loginImage",
    "/admin/discountCodes",
    "/admin/users",
    "/admin/factureCompta/invoices",
  ]) {
    await page.goto(at("localhost", path));
    await expect(page.getByTestId("admin-nav")).toBeVisible();
    expect(await seriousViolationsWithJs(page), path).toEqual([]);
  }
  await page.goto(at("localhost", "/admin/faq"));
  await page.getByTestId("faq-section-row").first().getByRole("link").first().click();
  await expect(page.getByTestId("admin-faq-section")).toBeVisible(SLOW);
  expect(await seriousViolationsWithJs(page)).toEqual([]);
});
