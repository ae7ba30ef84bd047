// Issue 29, item 1 (ADR 0107), in French and Spanish, with JavaScript on and off (tests tagged @no-js also run in
// the no-js project): a failed post-test shows its result and what was wrong, the learner tries again, passes and
// gets the attestation of achievement; a learner out of attempts gets none and the history says why; a programme
// attested by participation gives its attestation with the knowledge gain; the evaluation's opinion questions show
// no score. Each project uses its own learners (server/db/seed/data/accounts.ts).
import type { Page } from "@playwright/test";
import { expect, test, localeCopy } from "./support/fixtures.ts";
import fs from "node:fs";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { at } from "./support/hosts";
import { seriousViolationsWithJs } from "./support/axe";

type Locale = {
  lang: "fr" | "es";
  host: "localhost" | "es.localhost";
  historyPath: string;
  /** A training with three attempts at its post-test, the right answers shown after a failure. */
  retried: string;
  /** A quiz training with two attempts, the answers never shown. */
  quiz: string;
  /** A programme attested by participation, with pre- and post-tests. */
  participation: { type: string; slug: string };
  texts: {
    continue: RegExp;
    notPassed: RegExp;
    opinion: RegExp;
    noAttemptLeft: RegExp;
    failedWhy: RegExp;
    achievement: string;
    participation: string;
    gain: string;
    download: RegExp;
  };
};

const LOCALES: Locale[] = [
  {
    lang: "fr",
    host: "localhost",
    historyPath: "/compte/profil/historique",
    retried: "phytotherapie-hiver",
    quiz: "quiz-interactions",
    participation: { type: "dpc", slug: "asthme-bpco" },
    texts: {
      continue: /^Continuer$/,
      notPassed: /Seuil de réussite non atteint \(70 %\)/,
      opinion: /Votre avis \(non noté\)/,
      noAttemptLeft: /Seuil de réussite non atteint après 2 tentatives/,
      failedWhy: /Seuil de réussite de 70 % non atteint après 2 tentatives/,
      achievement: "Attestation de réussite",
      participation: "Attestation de participation",
      gain: "Progression des connaissances",
      download: /^Télécharger l'attestation/,
    },
  },
  {
    lang: "es",
    host: "es.localhost",
    historyPath: "/cuenta/perfil/historial",
    retried: "fitoterapia-practica",
    quiz: "quiz-interacciones",
    participation: { type: "formation", slug: "atencion-farmaceutica-polimedicados" },
    texts: {
      continue: /^Continuar$/,
      notPassed: /No se ha alcanzado el mínimo \(70 %\)/,
      opinion: /Su opinión \(no se puntúa\)/,
      noAttemptLeft: /No se ha alcanzado el mínimo tras 2 intentos/,
      failedWhy: /No se alcanzó el mínimo del 70 % tras 2 intentos/,
      achievement: "Certificado de aprovechamiento",
      participation: "Certificado de participación",
      gain: "Progresión de conocimientos",
      download: /^Descargar el certificado/,
    },
  },
];

const project = () => (test.info().project.name === "no-js" ? "nojs" : "js");

/** The course page's subscribe button (unless a retry finds the learner already subscribed), then the learning view. */
async function subscribeAndLearn(page: Page, locale: Locale, type: string, slug: string) {
  await page.goto(at(locale.host, `/${type}/${slug}`));
  const subscribe = page.getByTestId("subscribe-button");
  if (await subscribe.isVisible()) {
    await subscribe.click();
    await expect(page.getByTestId("access-training")).toBeVisible();
  }
  await page.getByTestId("access-training").click();
  await expect(page.getByTestId("learn-page")).toBeVisible();
}

/** Answers the shown quiz with the first choice of every question (or with none at all), then waits for the result. */
async function answer(page: Page, choices: "first" | "none") {
  const questions = page.getByTestId("quiz-question");
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  if (choices === "first") for (let i = 0; i < count; i++) await questions.nth(i).locator("input[type=radio], input[type=checkbox]").first().check();
  await page.getByTestId("quiz-submit").click();
  await expect(page.getByTestId("quiz-score")).toBeVisible();
}

/** Continues through the modules until a quiz step of `kind` is the current one. */
async function continueTo(page: Page, locale: Locale, kind: string) {
  for (let guard = 0; guard < 20; guard++) {
    const step = page.getByTestId("step");
    const current = await step.getAttribute("data-kind");
    if (current === kind) return;
    const id = (await step.getAttribute("data-step-id"))!;
    if (current === "module") await page.getByRole("button", { name: locale.texts.continue }).click();
    else {
      await answer(page, "first");
      await page.getByTestId("continue-link").click();
    }
    await expect(page.getByTestId("step")).not.toHaveAttribute("data-step-id", id);
  }
  throw new Error(`no ${kind} step`);
}

async function downloadedText(page: Page, row: ReturnType<Page["getByTestId"]>, label: RegExp): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: label }).click()]);
  return extractPdfText(fs.readFileSync((await download.path())!));
}

// Several page loads and form posts per test on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

for (const locale of LOCALES) {
  test.describe(`pass rules (${locale.lang})`, localeCopy(locale.lang), () => {
    test(`a failed post-test shows what was wrong; the learner tries again, passes and gets the attestation of achievement @no-js`, async ({
      page,
      loginAs,
    }) => {
      await loginAs(`learning.${project()}.${locale.lang}@demo.test`, { host: locale.host });
      await subscribeAndLearn(page, locale, "formation", locale.retried);
      const trainingName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
      await continueTo(page, locale, "postTest");
      const postTest = (await page.getByTestId("step").getAttribute("data-step-id"))!;
      await expect(page.getByTestId("quiz-pass-rule")).toContainText("70 %");

      // Every question left blank: 0 %, not passed. The step stays the current one, with the result, what was wrong
      // and, as this training's rules say, the right answers; the attempts kept; a "try again" form.
      await answer(page, "none");
      await expect(page.getByTestId("quiz-score")).toHaveAttribute("data-passed", "false");
      await expect(page.getByTestId("quiz-score")).toContainText(locale.texts.notPassed);
      await expect(page.getByTestId("step")).toHaveAttribute("data-step-id", postTest);
      await expect(page.getByTestId("continue-link")).toHaveCount(0);
      await expect(page.getByTestId("quiz-grading")).toHaveAttribute("data-status", "retry");
      await expect(page.getByTestId("quiz-attempt")).toHaveCount(1);
      const reviews = page.getByTestId("question-review");
      await expect(reviews.first()).toBeVisible();
      for (const result of await reviews.evaluateAll((items) => items.map((item) => item.getAttribute("data-result")))) expect(result).toBe("wrong");
      const correct = await page
        .locator('[data-testid="quiz-reveal"] [data-correct="true"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-choice-id")!));
      expect(correct.length).toBeGreaterThan(0);
      expect(await seriousViolationsWithJs(page)).toEqual([]);

      // Try again (a GET form: no JavaScript needed), with the right answers: passed at the second attempt.
      await page.getByTestId("quiz-retry").click();
      await expect(page).toHaveURL(/[?&]retry=1/);
      const form = page.getByTestId("quiz-form");
      await expect(form).toBeVisible();
      for (const id of correct) await form.locator(`input[value="${id}"]`).check();
      await page.getByTestId("quiz-submit").click();
      await expect(page.getByTestId("quiz-score")).toHaveAttribute("data-passed", "true");
      await expect(page.getByTestId("quiz-attempt")).toHaveCount(2);
      await expect(page.locator('[data-testid="quiz-attempt"][data-counted="true"]')).toHaveAttribute("data-passed", "true");
      await page.getByTestId("continue-link").click();

      // The evaluation: its opinion questions say they are not scored, before and after; no passing score shown.
      await expect(page.getByTestId("step")).toHaveAttribute("data-kind", "evaluation");
      await expect(page.locator('[data-testid="quiz-question"][data-opinion="true"]')).toHaveCount(2);
      await answer(page, "first");
      await expect(page.getByTestId("quiz-score")).not.toHaveAttribute("data-passed", /.*/);
      await expect(page.getByTestId("quiz-score")).not.toContainText(locale.texts.notPassed);
      await page.getByTestId("quiz-reveal").locator("summary").click();
      const opinions = page.locator('[data-testid="question-review"][data-result="opinion"]');
      await expect(opinions).toHaveCount(2);
      await expect(opinions.first()).toHaveText(locale.texts.opinion);
      await page.getByTestId("continue-link").click();

      await expect(page.getByTestId("final-step")).toHaveAttribute("data-attests", "achievement");
      await page.getByTestId("attestation-link").click();
      const row = page.getByTestId("attestation").filter({ hasText: trainingName }).first();
      await expect(row).toHaveAttribute("data-attests", "achievement");
      const text = await downloadedText(page, row, locale.texts.download);
      expect(text).toContain(locale.texts.achievement);
      expect(text).toContain("100 %");
    });

    test(`a learner out of attempts gets no attestation of achievement, and the history says why @no-js`, async ({ page, loginAs }) => {
      await loginAs(`booking.${project()}.${locale.lang}@demo.test`, { host: locale.host });
      await subscribeAndLearn(page, locale, "quiz", locale.quiz);
      const trainingName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
      await answer(page, "none");
      await expect(page.getByTestId("quiz-grading")).toHaveAttribute("data-status", "retry");
      // This training's rules do not reveal the answers: which questions were wrong, not what was right.
      await expect(page.locator('[data-testid="question-review"][data-result="wrong"]').first()).toBeVisible();
      await expect(page.locator("[data-correct]")).toHaveCount(0);
      await page.getByTestId("quiz-retry").click();
      await answer(page, "none");

      // The last attempt failed: the training ends here, without attestation.
      await expect(page.getByTestId("flow-ended")).toBeVisible();
      await expect(page.getByTestId("quiz-no-attempt-left")).toHaveText(locale.texts.noAttemptLeft);
      await expect(page.getByTestId("quiz-retry")).toHaveCount(0);
      await expect(page.locator('[data-testid="step-item"][data-status="failed"]')).toHaveCount(1);
      await expect(page.getByTestId("final-step")).toHaveCount(0);

      await page.getByTestId("history-link").click();
      await expect(page).toHaveURL(new RegExp(`${locale.historyPath}$`));
      const entry = page.getByTestId("history-row").filter({ hasText: trainingName });
      await expect(entry).toHaveAttribute("data-outcome", "failed");
      await expect(entry.getByTestId("failed-why")).toHaveText(locale.texts.failedWhy);
      await page.goto(at(locale.host, locale.lang === "fr" ? "/compte/profil/attestation" : "/cuenta/perfil/certificados"));
      await expect(page.getByTestId("attestation").filter({ hasText: trainingName })).toHaveCount(0);
    });

    test(`a programme attested by participation, followed to the end, gives its attestation with the knowledge gain @no-js`, async ({ page, loginAs }) => {
      await loginAs(`learning.${project()}.${locale.lang}@demo.test`, { host: locale.host });
      await subscribeAndLearn(page, locale, locale.participation.type, locale.participation.slug);
      const trainingName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
      // Every quiz answered with its first choices, whatever the score: participation never holds the learner back.
      for (let guard = 0; guard < 30 && !(await page.getByTestId("final-step").isVisible()); guard++) {
        const step = page.getByTestId("step");
        const id = await step.getAttribute("data-step-id");
        if ((await step.getAttribute("data-kind")) === "module") await page.getByRole("button", { name: locale.texts.continue }).click();
        else {
          await answer(page, "first");
          await expect(page.getByTestId("quiz-grading")).toHaveCount(0);
          await page.getByTestId("continue-link").click();
        }
        await expect(
          page
            .getByTestId("final-step")
            .or(page.locator(`[data-testid="step"]:not([data-step-id="${id}"])`))
            .first(),
        ).toBeVisible();
      }
      await expect(page.getByTestId("final-step")).toHaveAttribute("data-attests", "participation");
      await page.getByTestId("attestation-link").click();
      const row = page.locator('[data-testid="attestation"][data-kind="training"]').filter({ hasText: trainingName }).first();
      await expect(row).toHaveAttribute("data-attests", "participation");
      const text = await downloadedText(page, row, locale.texts.download);
      expect(text).toContain(locale.texts.participation);
      expect(text).toContain(locale.texts.gain);
      // The verification page states the same.
      await row.getByRole("link", { name: /^(Vérifier|Verificar)/ }).click();
      const verified = page.getByTestId("verify-result");
      await expect(verified).toHaveAttribute("data-attests", "participation");
      await expect(verified).toContainText(locale.texts.participation);
      await expect(verified).toContainText(locale.texts.gain);
    });
  });
}
