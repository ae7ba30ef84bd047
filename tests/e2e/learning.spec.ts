// Learning journeys through the learning view (ADR 0012), in French and Spanish, with JavaScript on and off
// (tests tagged @no-js also run in the no-js project). Each project logs in as its own fresh learner:
// learning.{js|nojs}.{fr|es}@demo.test. Subscribing goes through the course page's own buttons.
import type { Page } from "@playwright/test";
import { expect, test, localeCopy } from "./support/fixtures.ts";
import fs from "node:fs";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { at, PORT } from "./support/hosts";
import { seriousViolationsWithJs } from "./support/axe";

type Locale = {
  lang: "fr" | "es";
  host: "localhost" | "es.localhost";
  elearning: { type: string; slug: string };
  video: { slug: string; evaluationPath: ((id: string) => string) | null };
  pdf: string;
  podcast: string;
  webinar: string;
  labels: {
    continue: RegExp;
    watched: RegExp;
    notWatched: RegExp;
    read: RegExp;
    listened: RegExp;
    notListened: RegExp;
    join: RegExp;
    opens: RegExp;
    download: RegExp;
  };
  /** The journey learners' last names (server/db/seed/data/accounts.ts), printed on their attestations. */
  lastName: string;
};

const LOCALES: Locale[] = [
  {
    lang: "fr",
    host: "localhost",
    elearning: { type: "formation", slug: "micronutrition-conseil" },
    video: { slug: "dispositifs-inhalation-video", evaluationPath: (id) => `/evaluation-quiz/${id}` },
    pdf: "memo-chaine-du-froid",
    podcast: "violences-intrafamiliales-podcast",
    webinar: "actualites-reglementaires-webinaire",
    labels: {
      continue: /^Continuer$/,
      watched: /J'ai regardé/,
      notWatched: /Regardez la vidéo jusqu'au bout/,
      read: /J'ai lu ce document/,
      listened: /J'ai écouté/,
      notListened: /Écoutez l'épisode jusqu'au bout/,
      join: /Rejoindre/,
      opens: /s'ouvre le/,
      download: /^Télécharger l'attestation/,
    },
    lastName: "Parcours",
  },
  {
    lang: "es",
    host: "es.localhost",
    elearning: { type: "formation", slug: "dermofarmacia-consejo" },
    // The Spanish video trainings have no quiz: their flow ends with the videos.
    video: { slug: "video-presion-arterial", evaluationPath: null },
    pdf: "guia-spd",
    podcast: "podcast-salud-mental",
    webinar: "webinar-receta-electronica",
    labels: {
      continue: /^Continuar$/,
      watched: /He visto/,
      notWatched: /Vea el vídeo hasta el final/,
      read: /He leído este documento/,
      listened: /He escuchado/,
      notListened: /Escuche el episodio hasta el final/,
      join: /Unirse/,
      opens: /se abre el/,
      download: /^Descargar el certificado/,
    },
    lastName: "Recorrido",
  },
];

function learner(lang: string): string {
  return `learning.${test.info().project.name === "no-js" ? "nojs" : "js"}.${lang}@demo.test`;
}

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

/** Answers the shown quiz with the first choice of every question, then checks the score page. */
async function answerQuiz(page: Page) {
  const questions = page.getByTestId("quiz-question");
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await questions.nth(i).locator("input[type=radio], input[type=checkbox]").first().check();
  await page.getByTestId("quiz-submit").click();
  await expect(page.getByTestId("quiz-score")).toBeVisible();
  await expect(page.getByTestId("quiz-reveal")).toBeVisible();
}

/**
 * Answers a graded quiz until it is passed (ADR 0107): the first choices, and when they fail, the right answers the
 * training's rules reveal after a failure, in a new attempt opened with the "try again" form.
 */
async function passQuiz(page: Page) {
  await answerQuiz(page);
  if ((await page.getByTestId("quiz-score").getAttribute("data-passed")) !== "false") return;
  const correct = await page
    .locator('[data-testid="quiz-reveal"] [data-correct="true"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-choice-id")!));
  expect(correct.length).toBeGreaterThan(0);
  await page.getByTestId("quiz-retry").click();
  await expect(page.getByTestId("quiz-form")).toBeVisible();
  for (const id of correct) await page.getByTestId("quiz-form").locator(`input[value="${id}"]`).check();
  await page.getByTestId("quiz-submit").click();
  await expect(page.getByTestId("quiz-score")).toHaveAttribute("data-passed", "true");
}

/**
 * A GET with the page's session through `page.request`. The API client does not resolve *.localhost like the
 * browser does, so other hosts are reached on 127.0.0.1 with the browser's cookies for that host.
 */
async function requestAs(page: Page, host: string, path: string, headers: Record<string, string> = {}) {
  if (host === "localhost") return page.request.get(at("localhost", path), { headers });
  const cookies = await page.context().cookies(at(host as "es.localhost", "/"));
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return page.request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { ...headers, cookie, host: `${host}:${PORT}` } });
}

function currentStep(page: Page) {
  return page.locator('[data-testid="step-item"][aria-current="step"]');
}

// Several page loads and form posts per test on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

for (const locale of LOCALES) {
  test.describe(`learning view (${locale.lang})`, localeCopy(locale.lang), () => {
    test(`an e-learning training from the pre-test to the attestation @no-js`, async ({ page, loginAs }) => {
      await loginAs(learner(locale.lang), { host: locale.host });
      await subscribeAndLearn(page, locale, locale.elearning.type, locale.elearning.slug);
      const trainingName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();

      // Pre-test first, then the steps in order: the later ones are locked and not links.
      await expect(page.getByTestId("step").first()).toHaveAttribute("data-kind", "preTest");
      await expect(currentStep(page)).toHaveCount(1);
      await expect(page.locator('[data-testid="step-item"][data-status="locked"] a')).toHaveCount(0);
      await expect(page.getByTestId("flow-progress")).toHaveAttribute("data-percent", "0");
      expect(await seriousViolationsWithJs(page)).toEqual([]);
      await answerQuiz(page);
      await page.getByTestId("continue-link").click();
      await expect(page.getByTestId("step")).not.toHaveAttribute("data-kind", "preTest");

      for (let guard = 0; guard < 20; guard++) {
        const step = page.getByTestId("step");
        const kind = await step.getAttribute("data-kind");
        if (kind === "postTest") break;
        expect(kind).toBe("module");
        await expect(page.getByTestId("step-content")).toBeVisible();
        const id = (await step.getAttribute("data-step-id"))!;
        await page.getByRole("button", { name: locale.labels.continue }).click();
        await expect(page.getByTestId("step")).not.toHaveAttribute("data-step-id", id);
      }
      await expect(page.getByTestId("step")).toHaveAttribute("data-kind", "postTest");
      // The post-test is graded (passing score 70 %): passed, if need be at a second attempt.
      await passQuiz(page);
      await page.getByTestId("continue-link").click();
      await expect(page.getByTestId("step")).toHaveAttribute("data-kind", "evaluation");
      await answerQuiz(page);
      await page.getByTestId("continue-link").click();

      await expect(page.getByTestId("final-step")).toBeVisible();
      await expect(page.getByTestId("flow-progress")).toHaveAttribute("data-percent", "100");
      await expect(page.locator('[data-testid="step-item"][data-status="done"]')).toHaveCount(await page.getByTestId("step-item").count());
      await page.getByTestId("attestation-link").click();
      await expect(page).toHaveURL(/\/(compte\/profil\/attestation|cuenta\/perfil\/certificados)$/);

      // The attestation of this training, issued at the last step: its PDF carries the learner and the code.
      const row = page.getByTestId("attestation").filter({ hasText: trainingName }).first();
      const code = (await row.getAttribute("data-code"))!;
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: locale.labels.download }).click()]);
      const bytes = fs.readFileSync((await download.path())!);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = extractPdfText(bytes);
      expect(text).toContain(locale.lastName);
      expect(text).toContain(code);
    });

    test(`a video training, then its evaluation quiz @no-js`, async ({ page, loginAs }) => {
      await loginAs(learner(locale.lang), { host: locale.host });
      // No request of the learning view happens before this instant: the first video cannot be shown earlier.
      const entered = Date.now();
      await subscribeAndLearn(page, locale, "video", locale.video.slug);
      const trainingId = (await page.getByTestId("learn-page").getAttribute("data-training-id"))!;
      const js = test.info().project.name !== "no-js";
      for (let guard = 0; guard < 10 && (await page.getByTestId("step").getAttribute("data-module-kind")) === "video"; guard++) {
        const id = await page.getByTestId("step").getAttribute("data-step-id");
        // A real video with captions in the training's language.
        const player = page.getByTestId("video-player");
        await expect(player).toHaveAttribute("src", /\/media\/videos\/.+\.webm$/);
        await expect(player.locator("track[kind=captions]")).toHaveAttribute("srclang", locale.lang);
        if (js) {
          // The player reporting a stop before the end is refused, whatever the time.
          await page
            .getByTestId("form-video-complete")
            .locator("input[name=position]")
            .evaluate((input) => ((input as HTMLInputElement).value = "1"));
          await page.getByRole("button", { name: locale.labels.watched }).click();
          await expect(page.getByText(locale.labels.notWatched)).toBeVisible({ timeout: 15_000 });
          await expect(page.getByTestId("step")).toHaveAttribute("data-step-id", id!);
        } else if (guard === 0) {
          // "Watched" at once is refused: the video's 4 s have not passed since it was shown.
          await page.getByRole("button", { name: locale.labels.watched }).click();
          await page.waitForLoadState("load");
          // Checked when the answer came within 3.5 s of entering (on a loaded machine it may come after the 4 s,
          // when confirming is rightly accepted; the integration tests check the refusal with a fixed clock).
          if (Date.now() - entered < 3_500) {
            await expect(page.getByText(locale.labels.notWatched)).toBeVisible();
            await expect(page.getByTestId("step")).toHaveAttribute("data-step-id", id!);
          }
        }
        if (js) {
          // Played to the end: the player itself reports it, and the flow moves on.
          const duration = await player.evaluate(async (node) => {
            const video = node as HTMLVideoElement;
            if (video.readyState < 1) await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
            video.muted = true;
            await video.play();
            return video.duration;
          });
          expect(duration).toBeGreaterThan(3);
          expect(duration).toBeLessThan(6);
        } else {
          // Without JavaScript the learner confirms once the video's length (4 s) has passed since it was shown: the
          // confirmation is sent again until the server takes it (one sent earlier is refused and changes nothing).
          await expect(async () => {
            if ((await page.getByTestId("step").getAttribute("data-step-id")) === id) await page.getByRole("button", { name: locale.labels.watched }).click();
            await expect(page.getByTestId("step")).not.toHaveAttribute("data-step-id", id!, { timeout: 1_000 });
          }).toPass({ timeout: 15_000 });
        }
        await expect(page.getByTestId("step")).not.toHaveAttribute("data-step-id", id!, { timeout: 15_000 });
      }
      if (locale.video.evaluationPath) {
        await expect(page.getByTestId("step")).toHaveAttribute("data-kind", "evaluation");
        // The evaluation quiz has its own page too, with the same form.
        await page.goto(at(locale.host, locale.video.evaluationPath(trainingId)));
        await expect(page.getByTestId("evaluation-quiz-page")).toBeVisible();
        await answerQuiz(page);
        await page.getByTestId("continue-link").click();
      }
      await expect(page.getByTestId("final-step")).toBeVisible();
    });

    test(`a pdf training @no-js`, async ({ page, loginAs }) => {
      await loginAs(learner(locale.lang), { host: locale.host });
      await subscribeAndLearn(page, locale, "pdf", locale.pdf);
      await expect(page.getByTestId("step")).toHaveAttribute("data-module-kind", "pdf");
      // Opening the document goes through the action (which records it) to the file, in a new tab. The file's answer is
      // checked, not the tab's address: a browser without a PDF viewer (the headless shell, ADR 0153) downloads it.
      const pdfAnswer = page.context().waitForEvent("response", (response) => /\/media\/pdf\/.+\.pdf$/.test(response.url()));
      const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByTestId("form-pdf-open").getByRole("button").click()]);
      const pdf = await pdfAnswer;
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect(pdf.frame().page()).toBe(popup);
      await popup.close();
      await page.getByRole("button", { name: locale.labels.read }).click();
      await expect(page.getByTestId("final-step")).toBeVisible();
    });

    test(`a podcast training: audio with Range requests @no-js`, async ({ page, loginAs }) => {
      await loginAs(learner(locale.lang), { host: locale.host });
      // The server starts the episode's clock when it first renders it: after `entered`.
      const entered = Date.now();
      await subscribeAndLearn(page, locale, "podcast", locale.podcast);
      const audio = page.getByTestId("audio-player");
      await expect(audio).toBeAttached();
      const src = (await audio.getAttribute("src"))!;
      expect(src).toMatch(/^\/back\/api\/getAudioStream\/\d+$/);
      // The page's own cookies: the learner's session.
      const partial = await requestAs(page, locale.host, src, { Range: "bytes=0-99" });
      expect(partial.status()).toBe(206);
      expect(partial.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
      expect((await partial.body()).length).toBe(100);
      const whole = await requestAs(page, locale.host, src);
      expect(whole.status()).toBe(200);
      expect(whole.headers()["accept-ranges"]).toBe("bytes");
      // The transcript (ADR 0108): a disclosure, and the text file.
      const transcript = page.getByTestId("transcript");
      await transcript.locator("summary").click();
      await expect(transcript).toContainText(locale.lang === "fr" ? "[Générique musical]" : "[Sintonía musical]");
      await expect(page.getByTestId("transcript-link")).toHaveAttribute("href", new RegExp(`\\.${locale.lang}\\.txt$`));
      // "Listened" at once is refused, as for a video (issue 29, item 2): not before the episode's 4 s. Checked when
      // the answer came within 3.5 s of entering (the integration tests check the refusal with a fixed clock).
      await page.getByRole("button", { name: locale.labels.listened }).click();
      await page.waitForLoadState("load");
      if (Date.now() - entered < 3_500) {
        await expect(page.getByText(locale.labels.notListened)).toBeVisible();
        await expect(page.getByTestId("audio-player")).toHaveAttribute("src", src);
      }
      if (test.info().project.name !== "no-js") {
        // Played to the end: the player itself reports it, and the flow moves on.
        await audio.evaluate(async (node) => {
          const player = node as HTMLAudioElement;
          if (player.readyState < 1) await new Promise((resolve) => player.addEventListener("loadedmetadata", resolve, { once: true }));
          player.muted = true;
          await player.play();
        });
      } else {
        // Without JavaScript the learner confirms once the episode's length has passed since it was shown: the
        // confirmation is sent again until the server takes it (one sent earlier is refused and changes nothing).
        await expect(async () => {
          if ((await page.getByTestId("audio-player").getAttribute("src")) === src) await page.getByRole("button", { name: locale.labels.listened }).click();
          await expect(page.getByTestId("audio-player")).not.toHaveAttribute("src", src, { timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
      }
      await expect(page.getByTestId("audio-player")).not.toHaveAttribute("src", src, { timeout: 15_000 });
    });

    test(`a webinar: join button closed before the session, calendar file @no-js`, async ({ page, loginAs }) => {
      await loginAs(learner(locale.lang), { host: locale.host });
      await page.goto(at(locale.host, `/webinar/${locale.webinar}`));
      const book = page.getByTestId("session-book").first();
      if (await book.isVisible()) await book.click();
      await page.getByTestId("access-training").click();
      await expect(page.getByTestId("step")).toHaveAttribute("data-module-kind", "webinar");
      const join = page.getByTestId("join-button");
      await expect(join).toBeDisabled();
      await expect(page.getByTestId("join-help")).toHaveText(locale.labels.opens);
      await expect(page.getByTestId("session-not-started")).toBeVisible();
      expect(await seriousViolationsWithJs(page)).toEqual([]);
      const href = (await page.getByTestId("calendar-link").getAttribute("href"))!;
      const ics = await requestAs(page, locale.host, href);
      expect(ics.status()).toBe(200);
      expect(ics.headers()["content-type"]).toContain("text/calendar");
      expect(await ics.text()).toContain("DTSTART;TZID=Europe/Paris:");
    });
  });
}

test("a learner not enrolled is sent to the course page to subscribe", async ({ page, loginAs }) => {
  await loginAs(learner("fr"));
  await page.goto("/quiz/quiz-interactions/learn");
  await expect(page).toHaveURL(/\/quiz\/quiz-interactions$/);
  await expect(page.getByTestId("subscribe-button")).toBeVisible();
});

test("a DPC programme: subscription, every step, then the DPC attestation with its action number @no-js", async ({ page, loginAs }) => {
  await loginAs(learner("fr"));
  await subscribeAndLearn(page, LOCALES[0]!, "dpc", "bilan-partage-medication");
  const trainingName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();

  // Quizzes are answered, pages continued, until the final step.
  for (let guard = 0; guard < 30 && !(await page.getByTestId("final-step").isVisible()); guard++) {
    const step = page.getByTestId("step");
    const kind = await step.getAttribute("data-kind");
    const id = await step.getAttribute("data-step-id");
    if (kind === "module") {
      await page.getByRole("button", { name: LOCALES[0]!.labels.continue }).click();
    } else {
      await answerQuiz(page);
      await page.getByTestId("continue-link").click();
    }
    await expect(
      page
        .getByTestId("final-step")
        .or(page.locator(`[data-testid="step"]:not([data-step-id="${id}"])`))
        .first(),
    ).toBeVisible();
  }
  await expect(page.getByTestId("flow-progress")).toHaveAttribute("data-percent", "100");

  await page.getByTestId("attestation-link").click();
  const row = page.locator('[data-testid="attestation"][data-kind="dpc"]').filter({ hasText: trainingName }).first();
  const code = (await row.getAttribute("data-code"))!;
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: LOCALES[0]!.labels.download }).click()]);
  const text = extractPdfText(fs.readFileSync((await download.path())!));
  expect(text).toContain("96822500104");
  expect(text).toContain("Parcours");
  expect(text).toContain(code);
  // A DPC programme attests participation, with the knowledge gain from the pre-test to the post-test (ADR 0107).
  expect(text).toContain("Attestation de participation");
  expect(text).toContain("Progression des connaissances");
  expect(text).toMatch(/pré-test \d+ %, post-test \d+ % \([+-]?\d+ points\)/);
});
