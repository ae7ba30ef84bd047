import fs from "node:fs";
import { expect, test, localeCopy } from "./support/fixtures.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { ES_ORIGIN } from "./support/hosts.ts";
import { seriousViolationsWithJs } from "./support/axe";

// Attestations (issue 6): PDF download from the profile tab, public verification page, feedback link and
// trainer attendance, in French and Spanish, with JavaScript on and off (every test is @no-js).
// Downloads and verification only read; the feedback tests use one demo token per Playwright project, so the js
// and no-js runs never share state. The trainer test marks the demo session's only open day (today) with the same
// marks in both runs; its second day is still to come and offers no form.

const project = () => (test.info().project.name === "js" ? "js" : "nojs");

const CASES = [
  {
    lang: "fr",
    email: "learner@demo.test",
    name: "Julie Morel",
    origin: "",
    host: "localhost",
    profile: "/compte/profil/attestation",
    verify: "/verification-attestation/",
    pdfTitle: "Attestation de formation",
    download: /^Télécharger l'attestation/,
    authentic: "Attestation authentique",
    notAuthentic: "Attestation non authentique",
    verifyButton: "Vérifier",
    codeLabel: "Code de vérification",
    ratingLabel: /^4 sur 5/,
    comment: "Formation claire, cas pratiques très utiles.",
    submitFeedback: "Envoyer mon avis",
    ratingRequired: "Choisissez une note de 1 à 5.",
    thanks: "Merci pour votre avis !",
    invalidFeedback: "Lien d'avis inutilisable",
    trainer: "demo-trainer-fr",
    trainerTitle: "Diabète de type 2",
    attended: "Présent",
    absent: "Absent",
    saveDay: /^Enregistrer les présences du/,
    saved: "Présences enregistrées.",
    notYet: /pourront être saisies à partir du \d{2}\/\d{2}\/\d{4}/,
    invalidTrainer: "Lien formateur inutilisable",
  },
  {
    lang: "es",
    email: "learner.es@demo.test",
    name: "María López",
    origin: ES_ORIGIN,
    host: "es.localhost",
    profile: "/cuenta/perfil/certificados",
    verify: "/verificacion-certificado/",
    pdfTitle: "Certificado de formación",
    download: /^Descargar el certificado/,
    authentic: "Certificado auténtico",
    notAuthentic: "Certificado no auténtico",
    verifyButton: "Verificar",
    codeLabel: "Código de verificación",
    ratingLabel: /^4 de 5/,
    comment: "Muy práctica, gracias.",
    submitFeedback: "Enviar mi opinión",
    ratingRequired: "Elija una valoración de 1 a 5.",
    thanks: "¡Gracias por su opinión!",
    invalidFeedback: "Enlace de opinión no válido",
    trainer: "demo-trainer-es",
    trainerTitle: "educación diabetológica",
    attended: "Presente",
    absent: "Ausente",
    saveDay: /^Guardar la asistencia del/,
    saved: "Asistencia guardada.",
    notYet: /podrá registrarse a partir del \d{2}\/\d{2}\/\d{4}/,
    invalidTrainer: "Enlace de formador no válido",
  },
] as const;

for (const c of CASES) {
  test.describe(`attestations (${c.lang})`, localeCopy(c.lang), () => {
    test(`the learner downloads an attestation PDF from the profile tab @no-js`, async ({ page, loginAs }) => {
      await loginAs(c.email, { host: c.host });
      await page.goto(`${c.origin}${c.profile}`);
      const row = page.getByTestId("attestation").and(page.locator("[data-kind='training']")).first();
      await expect(row).toBeVisible();
      const code = (await row.getAttribute("data-code"))!;
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: c.download }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`${code}\\.pdf$`));
      const bytes = fs.readFileSync((await download.path())!);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = extractPdfText(bytes);
      expect(text).toContain(c.name);
      expect(text).toContain(code);
      expect(text).toContain(c.pdfTitle);
      expect(text).toContain(`${c.verify}${code}`);
      // Still on the page: the download did not navigate away.
      await expect(page).toHaveURL(new RegExp(`${c.profile}$`));
      expect(await seriousViolationsWithJs(page)).toEqual([]);
    });

    test(`the verification page confirms a real code and rejects an altered one, without login @no-js`, async ({ page, loginAs }) => {
      await loginAs(c.email, { host: c.host });
      await page.goto(`${c.origin}${c.profile}`);
      const code = (await page.getByTestId("attestation").first().getAttribute("data-code"))!;
      await page.context().clearCookies();

      await page.goto(`${c.origin}${c.verify}${code}`);
      const result = page.getByTestId("verify-result");
      await expect(result).toHaveAttribute("data-authentic", "true");
      await expect(result.getByRole("heading")).toContainText(c.authentic);
      await expect(result).toContainText(c.name);
      await expect(result.getByTestId("verify-code")).toHaveText(code);
      expect(await seriousViolationsWithJs(page)).toEqual([]);

      const altered = code.slice(0, -1) + (code.endsWith("Z") ? "Y" : "Z");
      await page.goto(`${c.origin}${c.verify}${altered}`);
      await expect(result).toHaveAttribute("data-authentic", "false");
      await expect(result.getByRole("heading")).toContainText(c.notAuthentic);
      await expect(result).not.toContainText(c.name);

      // The GET form: a typed code (lower case) leads to its page.
      await page.getByLabel(c.codeLabel).fill(code.toLowerCase());
      await page.getByRole("button", { name: c.verifyButton, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${c.verify}${code}$`));
      await expect(result).toHaveAttribute("data-authentic", "true");
    });

    test(`the feedback link takes one review, then refuses a second one @no-js`, async ({ page }) => {
      const url = `${c.origin}/feedback/demo-feedback-${c.lang}-${project()}`;
      await page.goto(url);
      await page.getByRole("button", { name: c.submitFeedback }).click();
      await expect(page.getByText(c.ratingRequired)).toBeVisible();
      expect(await seriousViolationsWithJs(page)).toEqual([]);
      await page.getByRole("radio", { name: c.ratingLabel }).check();
      await page.getByRole("textbox").fill(c.comment);
      await page.getByRole("button", { name: c.submitFeedback }).click();
      await expect(page.getByTestId("feedback-thanks")).toContainText(c.thanks);

      await page.goto(url);
      await expect(page.getByTestId("feedback-invalid")).toContainText(c.invalidFeedback);
      await expect(page.getByTestId("feedback-form")).toHaveCount(0);
    });

    test(`the trainer sees the participants and marks attendance @no-js`, async ({ page }) => {
      await page.goto(`${c.origin}/trainer/virtualClass/${c.trainer}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(c.trainerTitle);
      const days = page.getByTestId("attendance-day");
      await expect(days).toHaveCount(1);
      const future = page.getByTestId("attendance-day-future");
      await expect(future).toHaveCount(1);
      await expect(future).toContainText(c.notYet);
      await expect(future.getByRole("radio")).toHaveCount(0);
      const day = days.first();
      const participants = day.getByTestId("participant");
      await expect(participants).toHaveCount(2);
      await participants.nth(0).getByLabel(c.attended).check();
      await participants.nth(1).getByLabel(c.absent).check();
      expect(await seriousViolationsWithJs(page)).toEqual([]);
      await day.getByRole("button", { name: c.saveDay }).click();
      await expect(page.getByText(c.saved)).toBeVisible();
      const after = page.getByTestId("attendance-day").first().getByTestId("participant");
      await expect(after.nth(0).getByLabel(c.attended)).toBeChecked();
      await expect(after.nth(1).getByLabel(c.absent)).toBeChecked();

      await page.goto(`${c.origin}/trainer/virtualClass/not-a-real-token`);
      await expect(page.getByTestId("trainer-invalid")).toContainText(c.invalidTrainer);
    });
  });
}

test("a DPC learner sends a practice certificate; a wrong file type is refused @no-js", async ({ page, loginAs }) => {
  await loginAs("learner@demo.test");
  await page.goto("/compte/profil/attestation");
  const form = page.getByTestId("certificate").first();
  await form
    .getByLabel("Fichier de l'attestation sur l'honneur")
    .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("not really a PDF") });
  await form.getByRole("button", { name: /^(Envoyer|Remplacer)$/ }).click();
  await expect(page.getByText("L'attestation sur l'honneur doit être un fichier PDF, JPEG ou PNG.")).toBeVisible();
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
    "hex",
  );
  const again = page.getByTestId("certificate").first();
  await again.getByLabel("Fichier de l'attestation sur l'honneur").setInputFiles({ name: "attestation.png", mimeType: "image/png", buffer: png });
  await again.getByRole("button", { name: /^(Envoyer|Remplacer)$/ }).click();
  const today = new Date();
  const date = `${String(today.getUTCDate()).padStart(2, "0")}/${String(today.getUTCMonth() + 1).padStart(2, "0")}/${today.getUTCFullYear()}`;
  await expect(page.getByTestId("certificate").first().getByTestId("certificate-status")).toHaveText(`Reçue le ${date}`);
});
