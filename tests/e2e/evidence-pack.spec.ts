import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { unzip } from "../fixtures/read-xlsx.ts";
import { seriousViolationsWithJs } from "./support/axe";
import { expect, localeCopy, test } from "./support/fixtures.ts";
import { at } from "./support/hosts.ts";

// Audit evidence packs (issue 33, ADR 0127): an administrator builds the pack of a past face-to-face session from its
// page and the pack of an e-learning training over a period from the training's page, follows the progress page until
// it is built (reloading it, as without JavaScript), downloads the ZIP, and checks every file the index.json lists is
// in it with its size and SHA-256, and that the page shows the archive's own SHA-256. French with JavaScript on and
// off; Belgian French and Spanish (the language chosen by the `lng` cookie) without JavaScript. Projects build the
// same scopes at once: a build refused beside a running one lands on that pack's page, which the test follows all the
// same.

const CASES = [
  {
    lang: "fr",
    locale: "fr-FR",
    build: "Construire le dossier de preuves",
    from: "Du",
    to: "Au",
    download: /^Télécharger le dossier/,
    connection: "Premier accès",
    endBeforeStart: "La date de fin ne peut pas précéder la date de début.",
  },
  {
    lang: "fr-BE",
    locale: "fr-BE",
    build: "Construire le dossier de preuves",
    from: "Du",
    to: "Au",
    download: /^Télécharger le dossier/,
    connection: "Premier accès",
    endBeforeStart: "La date de fin ne peut pas précéder la date de début.",
  },
  {
    lang: "es",
    locale: "es-ES",
    build: "Preparar el expediente de evidencias",
    from: "Desde",
    to: "Hasta",
    download: /^Descargar el expediente/,
    connection: "Primer acceso",
    endBeforeStart: "La fecha de fin no puede ser anterior a la fecha de inicio.",
  },
] as const;

const E_LEARNING = new Set(["video", "pdf", "podcast", "quiz", "formation"]);
type IndexJson = { files: { path: string; kind: string; size: number; sha256: string }[]; pack: { learners: number } };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Follows the pack's page until it is built (a reload each second, what the page does by itself), then downloads it. */
async function downloadBuiltPack(page: Page, download: RegExp, packPage = /\/admin\/evidence-packs\/\d+$/) {
  await expect(page).toHaveURL(packPage);
  const pack = page.getByTestId("evidence-pack");
  await expect
    .poll(
      async () => {
        const state = await pack.getAttribute("data-state");
        if (state === "running") await page.reload();
        return state;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe("done");
  const shown = (await page.getByTestId("evidence-pack-sha256").textContent())!.trim();
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: download }).click()]);
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(sha256(bytes)).toBe(shown);
  const files = unzip(bytes);
  const index = JSON.parse(files.get("index.json")!.toString("utf8")) as IndexJson;
  expect(files.get("index.pdf")!.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(index.files.length).toBe(files.size - 2);
  for (const listed of index.files) {
    const content = files.get(listed.path);
    expect(content, listed.path).toBeDefined();
    expect(content!.length, listed.path).toBe(listed.size);
    expect(sha256(content!), listed.path).toBe(listed.sha256);
  }
  return { files, index };
}

for (const c of CASES) {
  test.describe(`evidence packs (${c.lang})`, localeCopy(c.lang), () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies([{ name: "lng", value: c.locale, domain: "localhost", path: "/" }]);
    });

    test("an administrator builds a past face-to-face session's pack and downloads it @no-js", async ({ page, loginAs }) => {
      await loginAs("admin@demo.test");
      const reply = await page.request.get(at("localhost", "/back/api/admin/sessions?when=past&kind=faceToFace&brand=fr&sort=date&dir=desc"));
      const sessions = (await reply.json()).data.items as { id: number; currentParticipants: number }[];
      const session = sessions.find((s) => s.currentParticipants > 0);
      expect(session, "a past session with learners").toBeDefined();
      await page.goto(`/admin/faceToFace/${session!.id}`);
      const panel = page.getByTestId("evidence-pack-panel");
      await expect(panel).toBeVisible();
      await panel.getByRole("button", { name: c.build }).click();
      const { files, index } = await downloadBuiltPack(page, c.download);
      expect(index.pack.learners).toBeGreaterThan(0);
      expect([...files.keys()].some((path) => /^attendance\/sheet-\d{4}-\d{2}-\d{2}\.pdf$/.test(path))).toBe(true);
      expect([...files.keys()]).toContain("attendance/attendance.csv");
      expect(await seriousViolationsWithJs(page)).toEqual([]);
    });

    test("an administrator builds an e-learning training's pack over a period and downloads it @no-js", async ({ page, context, loginAs }) => {
      // An e-learning training the demo learner finished (it has an attestation), so the pack has a learner to show.
      await loginAs("learner@demo.test");
      const attestations = (await (await page.request.get(at("localhost", "/back/api/user/attestations"))).json()).data as {
        trainingId: number;
        trainingType: string;
      }[];
      const training = attestations.find((a) => E_LEARNING.has(a.trainingType));
      expect(training, "an e-learning attestation of the demo learner").toBeDefined();
      await context.clearCookies({ name: "sid" });
      await loginAs("admin@demo.test");

      await page.goto(`/admin/catalog/${training!.trainingId}`);
      const panel = page.getByTestId("evidence-pack-panel");
      // A period ending before it starts is refused in the user's language, and nothing is built.
      await panel.getByLabel(c.from, { exact: true }).fill("2026-06-30");
      await panel.getByLabel(c.to, { exact: true }).fill("2026-01-01");
      await panel.getByRole("button", { name: c.build }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/catalog/${training!.trainingId}$`));
      await expect(page.getByTestId("evidence-pack-panel").getByText(c.endBeforeStart)).toBeVisible();

      await page.getByTestId("evidence-pack-panel").getByLabel(c.from, { exact: true }).fill("2020-01-01");
      await page.getByTestId("evidence-pack-panel").getByLabel(c.to, { exact: true }).fill(new Date().toISOString().slice(0, 10));
      await page.getByTestId("evidence-pack-panel").getByRole("button", { name: c.build }).click();
      const { files, index } = await downloadBuiltPack(page, c.download);
      expect(index.pack.learners).toBeGreaterThan(0);
      const logs = [...files.keys()].filter((path) => path.startsWith("connection-logs/"));
      expect(logs.length).toBe(index.pack.learners);
      expect(files.get(logs[0])!.toString("utf8")).toContain(c.connection);
      expect([...files.keys()].some((path) => path.startsWith("attestations/"))).toBe(true);
    });
  });
}

test.describe("pharmacy evidence packs (fr)", localeCopy("fr"), () => {
  test("a holder builds the pack of an e-learning training of the pharmacy's learners and downloads it @no-js", async ({ page, loginAs }) => {
    await loginAs("holder@demo.test");
    await page.goto("/gestion/ma-pharmacie/dossiers-de-preuves");
    await expect(page.getByRole("heading", { level: 2, name: "Dossiers de preuves" })).toBeVisible();
    const form = page.getByTestId("form-evidencePackTraining");
    await form.getByLabel("Du", { exact: true }).fill("2020-01-01");
    await form.getByLabel("Au", { exact: true }).fill(new Date().toISOString().slice(0, 10));
    await form.getByRole("button", { name: "Construire le dossier de preuves" }).click();
    const { index } = await downloadBuiltPack(page, /^Télécharger le dossier/, /\/gestion\/ma-pharmacie\/dossiers-de-preuves\/\d+$/);
    expect((index.pack as { accountId?: number }).accountId).toEqual(expect.any(Number));
    expect(await seriousViolationsWithJs(page)).toEqual([]);
  });
});
