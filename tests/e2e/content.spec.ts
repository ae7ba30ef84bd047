// Content pages in the browser, with JavaScript on and (tests tagged @no-js) off, on the French and
// Spanish hosts: FAQ accordions, news pagination, experts, the contact form (success and errors),
// and axe on the FAQ, news and contact pages.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { at } from "./support/hosts";
import { seriousViolations } from "./support/axe";

/** The cookie choice is made, so that the banner does not cover the pages under test. */
async function consentGiven(context: BrowserContext) {
  await context.addCookies((["localhost", "es.localhost"] as const).map((host) => ({ name: "cookie_consent", value: "mandatory", url: at(host, "/") })));
}

let unique = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}-${unique++}@example.test`;

test.beforeEach(async ({ context }) => {
  await consentGiven(context);
});

test.describe("FAQ", () => {
  test("questions open and close as accordions @no-js", async ({ page }) => {
    await page.goto(at("localhost", "/faq"));
    await expect(page).toHaveTitle("Questions fréquentes | Officine Académie");
    await expect(page.getByRole("heading", { level: 1, name: "Questions fréquentes" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Mon compte" })).toBeVisible();
    const question = page.getByTestId("faq-question").filter({ hasText: "Où trouver mon attestation ?" });
    const answer = question.getByTestId("faq-answer");
    await expect(answer).toBeHidden();
    await question.locator("summary").click();
    await expect(answer).toBeVisible();
    await expect(answer).toContainText("rubrique « Attestations »");
    await question.locator("summary").click();
    await expect(answer).toBeHidden();
    // The French FAQ holds the funding questions too (no /bonificacion in French).
    await expect(page.getByRole("heading", { level: 2, name: "Financement" })).toBeVisible();
  });

  test("a question opens from the keyboard", async ({ page }) => {
    await page.goto(at("localhost", "/faq"));
    const summary = page.getByTestId("faq-question").first().locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("faq-question").first()).toHaveAttribute("open", "");
    await page.keyboard.press("Space");
    await expect(page.getByTestId("faq-question").first()).not.toHaveAttribute("open", "");
  });

  test("the Spanish FAQ links to the funding FAQ (/bonificacion) @no-js", async ({ page }) => {
    await page.goto(at("es.localhost", "/faq"));
    await expect(page).toHaveTitle("Preguntas frecuentes | AulaFarma");
    await expect(page.getByRole("heading", { level: 2, name: "Formación bonificada (FUNDAE)" })).toHaveCount(0);
    await page.getByRole("link", { name: "Preguntas sobre la formación bonificada" }).click();
    await expect(page).toHaveURL(at("es.localhost", "/bonificacion"));
    await expect(page).toHaveTitle("Formación bonificada | AulaFarma");
    const question = page.getByTestId("faq-question").filter({ hasText: "¿Hasta cuándo puedo usar el crédito?" });
    await question.locator("summary").click();
    await expect(question.getByTestId("faq-answer")).toContainText("31 de diciembre");
  });
});

test.describe("news", () => {
  test("French news: 10 a page, page links without JavaScript @no-js", async ({ page }) => {
    await page.goto(at("localhost", "/actualites"));
    await expect(page).toHaveTitle("Actualités | Officine Académie");
    await expect(page.getByTestId("news-card")).toHaveCount(10);
    const pagination = page.getByRole("navigation", { name: "Pages des actualités" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(at("localhost", "/actualites?page=2"));
    await expect(page).toHaveTitle("Actualités – page 2 sur 2 | Officine Académie");
    await expect(page.getByTestId("news-page-status")).toHaveText("Page 2 sur 2");
    const onSecond = await page.getByTestId("news-card").count();
    expect(onSecond).toBeGreaterThan(0);
    expect(onSecond).toBeLessThanOrEqual(10);
    await page.getByRole("navigation", { name: "Pages des actualités" }).getByRole("link", { name: "Précédente" }).click();
    await expect(page).toHaveURL(at("localhost", "/actualites"));
    await expect(page.getByTestId("news-card")).toHaveCount(10);
  });

  test("Spanish news: next page, then a news item @no-js", async ({ page }) => {
    await page.goto(at("es.localhost", "/noticias"));
    await expect(page).toHaveTitle("Noticias | AulaFarma");
    await page.getByRole("navigation", { name: "Páginas de noticias" }).getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(at("es.localhost", "/noticias?page=2"));
    await expect(page.getByTestId("news-page-status")).toHaveText("Página 2 de 2");
    const first = page.getByTestId("news-card").first().getByRole("link");
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/noticias\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | AulaFarma`);
    await page.getByRole("link", { name: "Todas las noticias" }).click();
    await expect(page).toHaveURL(at("es.localhost", "/noticias"));
  });

  test("an unknown news item is the 404 page @no-js", async ({ page }) => {
    const response = await page.goto(at("localhost", "/actualites/inconnue"));
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found-detail")).toHaveText("Page not found: /actualites/inconnue");
  });
});

test.describe("experts", () => {
  test("from the list to an expert and their trainings @no-js", async ({ page }) => {
    await page.goto(at("localhost", "/experts"));
    await expect(page).toHaveTitle("Nos experts | Officine Académie");
    await page.getByRole("link", { name: "Claire Dubois" }).click();
    await expect(page).toHaveURL(at("localhost", "/experts/claire-dubois"));
    await expect(page).toHaveTitle("Claire Dubois | Officine Académie");
    await expect(page.getByRole("heading", { level: 1, name: "Claire Dubois" })).toBeVisible();
    await expect(page.getByText("Pharmacienne titulaire, formatrice en vaccination et TROD")).toBeVisible();
    const trainings = page.getByTestId("expert-trainings").getByTestId("course-card");
    expect(await trainings.count()).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Tous les experts" }).click();
    await expect(page).toHaveURL(at("localhost", "/experts"));
  });

  test("a Spanish expert, at the same detail path @no-js", async ({ page }) => {
    await page.goto(at("es.localhost", "/expertos"));
    await expect(page).toHaveTitle("Nuestros expertos | AulaFarma");
    await page.getByRole("link", { name: "Carmen Ruiz" }).click();
    await expect(page).toHaveURL(at("es.localhost", "/experts/carmen-ruiz"));
    await expect(page.getByRole("heading", { level: 2, name: "Los cursos de Carmen Ruiz" })).toBeVisible();
  });

  test("an expert of another brand is not found @no-js", async ({ page }) => {
    const response = await page.goto(at("es.localhost", "/experts/claire-dubois"));
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found-detail")).toHaveText("Page not found: /experts/claire-dubois");
  });
});

test.describe("legal notice", () => {
  // One test per host: each loads a page and runs axe, which on a busy 2-core machine takes much of a test's time.
  for (const [host, path, name, number] of [
    ["localhost", "/pages/mentions-legales", "Officine Académie SAS", "84 69 12345 69"],
    ["es.localhost", "/pages/aviso-legal", "AulaFarma S.L.", "B12345674"],
  ] as const) {
    test(`${host}: the legal notice names its one legal identity; no serious accessibility violation`, async ({ page }) => {
      await page.goto(at(host, path));
      const block = page.getByTestId("legal-identity");
      await expect(block.getByRole("heading", { level: 2 })).toBeVisible();
      await expect(block).toContainText(name);
      await expect(block).toContainText(number);
      await expect(page.getByTestId("content-page")).not.toContainText("Formapharm");
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("contact form", () => {
  async function fillContact(page: Page, values: { name: string; email: string; subject: string; message: string; consent: boolean }, labels = FR) {
    await page.getByLabel(labels.name).fill(values.name);
    await page.getByLabel(labels.email).fill(values.email);
    await page.getByLabel(labels.subject).fill(values.subject);
    await page.getByLabel(labels.message).fill(values.message);
    if (values.consent) await page.getByLabel(labels.consent).check();
  }
  const FR = { name: /^Nom et prénom/, email: /^Adresse e-mail/, subject: /^Objet/, message: /^Message/, consent: /^J'accepte/, submit: "Envoyer le message" };
  const ES = {
    name: /^Nombre y apellidos/,
    email: /^Correo electrónico/,
    subject: /^Asunto/,
    message: /^Mensaje/,
    consent: /^Acepto/,
    submit: "Enviar el mensaje",
  };

  test("a message is sent: success toast, empty form @no-js", async ({ page }) => {
    await page.goto(at("localhost", "/contact"));
    await expect(page).toHaveTitle("Contact | Officine Académie");
    await fillContact(page, {
      name: "Jeanne E2E",
      email: uniqueEmail("contact"),
      subject: "Inscription DPC",
      message: "Bonjour, comment m'inscrire à un programme DPC ?",
      consent: true,
    });
    await page.getByRole("button", { name: FR.submit }).click();
    await expect(page).toHaveURL(at("localhost", "/contact"));
    await expect(page.getByRole("status").filter({ hasText: "Merci, votre message a bien été envoyé." })).toBeVisible();
    await expect(page.getByLabel(FR.subject)).toHaveValue("");
  });

  test("errors come back in French, next to their fields, values kept @no-js", async ({ page }) => {
    await page.goto(at("localhost", "/contact"));
    await fillContact(page, { name: "Jeanne", email: "pas-une-adresse", subject: "Question", message: "Court", consent: false });
    await page.getByRole("button", { name: FR.submit }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Certains champs sont invalides." })).toBeVisible();
    await expect(page.getByLabel(FR.email)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(FR.email)).toHaveValue("pas-une-adresse");
    await expect(page.getByText("Saisissez une adresse e-mail valide.")).toBeVisible();
    await expect(page.getByText("Trop court (10 caractères au moins).")).toBeVisible();
    await expect(page.getByText("Veuillez donner votre accord pour que nous puissions traiter votre demande.")).toBeVisible();
    await expect(page.getByLabel(FR.email)).toBeFocused();
    await expect(page.getByLabel(FR.name)).toHaveValue("Jeanne");
  });

  test("with JavaScript the browser checks the form before sending it, with the same messages; zod loads only then (ADR 0136)", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(at("localhost", "/contact"));
    await page.waitForLoadState("networkidle");
    expect(
      scripts.filter((url) => /\/(form-validation|schemas)-[\w-]+\.js$/.test(url)),
      "loaded with the page",
    ).toEqual([]);
    // Working in the form brings its check.
    const checkLoaded = page.waitForResponse((response) => /\/form-validation-[\w-]+\.js$/.test(response.url()));
    await page.getByLabel(FR.name).focus();
    await checkLoaded;
    await page.waitForLoadState("networkidle");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await fillContact(page, { name: "Jeanne", email: "pas-une-adresse", subject: "Question", message: "Court", consent: false });
    await page.getByRole("button", { name: FR.submit }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Certains champs sont invalides." })).toBeVisible();
    await expect(page.getByLabel(FR.email)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Saisissez une adresse e-mail valide.")).toBeVisible();
    await expect(page.getByText("Trop court (10 caractères au moins).")).toBeVisible();
    await expect(page.getByLabel(FR.email)).toBeFocused();
    expect(posts, "nothing was sent").toEqual([]);
    // Mended, the form is sent and the server answers.
    await page.getByLabel(FR.email).fill(uniqueEmail("jeanne"));
    await page.getByLabel(FR.message).fill("Bonjour, une question sur la formation DPC.");
    await page.getByLabel(FR.consent).check();
    await page.getByRole("button", { name: FR.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: "Merci, votre message a bien été envoyé." })).toBeVisible();
    expect(posts.length, "sent once").toBe(1);
  });

  test("the Spanish form: errors in Spanish, then success @no-js", async ({ page }) => {
    await page.goto(at("es.localhost", "/contacto"));
    await expect(page).toHaveTitle("Contacto | AulaFarma");
    await fillContact(
      page,
      { name: "", email: "ana@example.test", subject: "Bonificación", message: "Quiero información sobre la formación bonificada.", consent: false },
      ES,
    );
    await page.getByRole("button", { name: ES.submit }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Algunos campos no son válidos." })).toBeVisible();
    await expect(page.getByText("Este campo es obligatorio.")).toBeVisible();
    await expect(page.getByText("Acepte para que podamos tramitar su solicitud.")).toBeVisible();
    await page.getByLabel(ES.name).fill("Ana E2E");
    await page.getByLabel(ES.email).fill(uniqueEmail("contacto"));
    await page.getByLabel(ES.consent).check();
    await page.getByRole("button", { name: ES.submit }).click();
    await expect(page).toHaveURL(at("es.localhost", "/contacto"));
    await expect(page.getByRole("status").filter({ hasText: "Gracias, su mensaje se ha enviado." })).toBeVisible();
  });
});

test.describe("custom survey", () => {
  test("the French survey is sent @no-js", async ({ page }) => {
    await page.goto(at("localhost", "/formulaire/formulaire-sur-mesure"));
    await expect(page).toHaveTitle("Formation sur mesure | Officine Académie");
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Certains champs sont invalides." })).toBeVisible();
    await expect(page.getByText("Choisissez au moins une option.").first()).toBeVisible();
    await page.getByLabel(/^Nom de l'officine/).fill("Pharmacie E2E");
    await page.getByLabel(/^Votre nom/).fill("Paul E2E");
    await page.getByLabel(/^Adresse e-mail/).fill(uniqueEmail("survey"));
    await page.getByLabel(/^Taille de l'équipe/).selectOption("4-6");
    await page.getByLabel("Vaccination").check();
    await page.getByLabel("Classe virtuelle").check();
    await page.getByLabel(/^Échéance/).selectOption("3months");
    await page.getByLabel(/^J'accepte/).check();
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Merci, vos réponses ont bien été envoyées." })).toBeVisible();
  });
});

test.describe("documents", () => {
  test("the documents page links to files served from the folder", async ({ page, request }) => {
    await page.goto(at("localhost", "/docs"));
    const link = page.getByRole("link", { name: "Brochure : nos formations" });
    await expect(link).toHaveAttribute("href", "/docs/fr/brochure-formations.pdf");
    const file = await request.get(at("localhost", "/docs/fr/brochure-formations.pdf"));
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    const escape = await request.get(at("localhost", "/docs/%2e%2e/package.json"));
    expect(escape.status()).toBe(404);
  });

  test("a Markdown document is a rendered page of the site, not raw text @no-js", async ({ page }) => {
    const response = await page.goto(at("localhost", "/docs/fr/guide-inscription-dpc.md"));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
    await expect(page.getByRole("heading", { level: 1, name: "Guide : s'inscrire à un programme DPC" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "2. S'inscrire sur mondpc.fr" })).toBeVisible();
    const body = page.getByTestId("markdown-body");
    await expect(body.locator("ol > li")).toHaveCount(3);
    await expect(body.locator("strong")).toHaveText("DPC");
    await expect(body).not.toContainText("##");
    await expect(body).not.toContainText("**");
    await expect(page.getByRole("link", { name: "Tous les documents" })).toHaveAttribute("href", "/docs");

    await page.goto(at("es.localhost", "/docs/es/guia-bonificacion-fundae.md"));
    await expect(page.getByRole("heading", { level: 1, name: "Guía: bonificar la formación con FUNDAE" })).toBeVisible();
    await expect(page.getByTestId("markdown-body").locator("ul > li")).toHaveCount(2);
  });
});

const AXE_PAGES = [
  { name: "FAQ (fr)", url: at("localhost", "/faq"), open: true },
  { name: "FAQ (es)", url: at("es.localhost", "/faq"), open: true },
  { name: "funding FAQ (es)", url: at("es.localhost", "/bonificacion"), open: true },
  { name: "news (fr)", url: at("localhost", "/actualites?page=2") },
  { name: "news (es)", url: at("es.localhost", "/noticias") },
  { name: "news item (fr)", url: at("localhost", "/actualites/nouvelles-formations-trod") },
  { name: "contact (fr)", url: at("localhost", "/contact") },
  { name: "contact (es)", url: at("es.localhost", "/contacto") },
];

for (const target of AXE_PAGES) {
  test(`axe: no serious or critical violation on ${target.name}`, async ({ page }) => {
    const response = await page.goto(target.url);
    expect(response?.status()).toBe(200);
    if (target.open) await page.getByTestId("faq-question").first().locator("summary").click();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe: the contact form showing its errors", async ({ page }) => {
  await page.goto(at("localhost", "/contact"));
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Certains champs sont invalides." })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
