// Compliance tracker (issue 33, ADR 0125): a professional sees where they stand and what is missing, and follows a
// gap's link to matching trainings (French, Belgian and Spanish copies); a professional declares an action followed
// elsewhere with its proof, a referent confirms it, and the tracker then counts it. The js and no-js runs share one
// server: each declares its own action, named after its project.
import { expect, test, localeCopy } from "./support/fixtures.ts";
import { at, type Host } from "./support/hosts.ts";
import { seriousViolationsWithJs } from "./support/axe";

const project = () => test.info().project.name;

const CASES = [
  {
    lang: "fr",
    host: "localhost" as Host,
    email: "learner@demo.test",
    tracker: "/compte/profil/obligations",
    title: "Mes obligations de formation",
    firstObligation: "dpcTriennial",
    firstState: "late",
    stateText: "En retard",
    gap: /avant le \d{2}\/\d{2}\/\d{4}/,
    chip: /^DPC : /,
  },
  {
    lang: "be",
    host: "be.localhost" as Host,
    email: "referent.be@demo.test",
    tracker: "/compte/profil/obligations",
    title: "Mes obligations de formation",
    firstObligation: "belgiumCf",
    firstState: "at_risk",
    stateText: "À risque : échéance proche",
    gap: /CF .*d'ici le 31\/12\/\d{4}/,
    chip: /^CF : /,
  },
  {
    lang: "es",
    host: "es.localhost" as Host,
    email: "learner.es@demo.test",
    tracker: "/cuenta/perfil/obligaciones",
    title: "Mis obligaciones de formación",
    firstObligation: "spainRcf",
    firstState: "voluntary",
    stateText: "Voluntario",
    gap: /créditos RCF antes del 31\/12\/\d{4}/,
    chip: /^Acreditada con créditos RCF/,
  },
] as const;

for (const c of CASES) {
  test.describe(`compliance tracker (${c.lang})`, localeCopy(c.lang), () => {
    test("the professional sees their status and what is missing, and follows a gap's link to matching trainings @no-js", async ({ page, loginAs }) => {
      await loginAs(c.email, { host: c.host });
      await page.goto(at(c.host, c.tracker));
      await expect(page.getByRole("heading", { level: 2, name: c.title })).toBeVisible();
      const first = page.getByTestId("obligation").first();
      await expect(first).toHaveAttribute("data-obligation", c.firstObligation);
      await expect(first).toHaveAttribute("data-state", c.firstState);
      await expect(first.getByTestId("obligation-state")).toHaveText(c.stateText);
      const gap = first.getByTestId("gap").first();
      await expect(gap).toContainText(c.gap);
      const link = gap.getByTestId("gap-link").first();
      const name = (await link.textContent())?.trim() ?? "";
      await link.click();
      await expect(page).toHaveURL(/[?&](dpcType|orientation|axis|category|rcf)=/);
      await expect(page.getByTestId("compliance-chip").first()).toContainText(c.chip);
      await expect(page.getByTestId("results").getByRole("listitem").first()).toBeVisible();
      expect(name.length).toBeGreaterThan(0);
      // The chip removes its filter: the full list again.
      const filtered = Number(await page.getByTestId("results-summary").getAttribute("data-total"));
      await page.getByTestId("compliance-chip").first().getByRole("link").click();
      await expect(page.getByTestId("compliance-chip")).toHaveCount(0);
      expect(Number(await page.getByTestId("results-summary").getAttribute("data-total"))).toBeGreaterThan(filtered);
    });

    test("the tracker has no serious accessibility violation", async ({ page, loginAs }) => {
      await loginAs(c.email, { host: c.host });
      await page.goto(at(c.host, c.tracker));
      await expect(page.getByTestId("obligation").first()).toBeVisible();
      expect(await seriousViolationsWithJs(page)).toEqual([]);
    });
  });
}

test.describe("declared actions (fr)", () => {
  const PDF = Buffer.from("%PDF-1.4\n% a proof\n");

  test("a professional declares an action with its proof, the referent confirms it, the tracker counts it @no-js", async ({ page, loginAs }) => {
    const title = `Gestion des risques (${project()} ${Date.now()})`;
    await loginAs("maxime.durand@demo.test");
    await page.goto(at("localhost", "/compte/profil/obligations"));
    const form = page.getByTestId("declare-form");

    // Without the proof: refused, in French, and nothing is declared.
    await form.getByLabel("Intitulé de l'action").fill(title);
    await form.getByLabel("Organisme", { exact: true }).fill("OMEDIT Auvergne-Rhône-Alpes");
    await form.getByLabel("Durée (heures)").fill("3,5");
    await form.getByLabel("Date de début").fill("2026-10-05");
    await form.getByLabel("Date de fin").fill("2026-10-05");
    await form.getByLabel("DPC gestion des risques").check();
    await form.getByRole("button", { name: "Déclarer l'action" }).click();
    await expect(page.getByTestId("declare-form")).toContainText("Joignez le justificatif de l'action (PDF, JPEG ou PNG).");
    await expect(page.getByTestId("declared-action").filter({ hasText: title })).toHaveCount(0);

    const again = page.getByTestId("declare-form");
    await again.getByLabel("Intitulé de l'action").fill(title);
    await again.getByLabel("Organisme", { exact: true }).fill("OMEDIT Auvergne-Rhône-Alpes");
    await again.getByLabel("Durée (heures)").fill("3,5");
    await again.getByLabel("Date de début").fill("2026-10-05");
    await again.getByLabel("Date de fin").fill("2026-10-05");
    if (!(await again.getByLabel("DPC gestion des risques").isChecked())) await again.getByLabel("DPC gestion des risques").check();
    await again.getByLabel(/^Justificatif/).setInputFiles({ name: "attestation.pdf", mimeType: "application/pdf", buffer: PDF });
    await again.getByRole("button", { name: "Déclarer l'action" }).click();
    const declared = page.getByTestId("declared-action").filter({ hasText: title });
    await expect(declared.getByTestId("declared-state")).toHaveText("Déclarée, en attente de confirmation");
    await expect(page.getByTestId("counted-actions").or(page.getByTestId("counted-empty"))).not.toContainText(title);

    // The referent of the pharmacy confirms it.
    await loginAs("holder@demo.test");
    await page.goto(at("localhost", "/gestion/ma-pharmacie/actions-declarees"));
    const row = page.getByTestId("pending-action").filter({ hasText: title });
    await expect(row.getByTestId("pending-proof")).toHaveAttribute("href", /\/back\/api\/user\/compliance\/declared-actions\/\d+\/proof$/);
    await row.getByTestId("pending-confirm").click();
    await expect(page.getByText("Action confirmée : elle compte désormais pour ce professionnel.")).toBeVisible();
    await expect(page.getByTestId("pending-action").filter({ hasText: title })).toHaveCount(0);

    // The professional's tracker counts it now.
    await loginAs("maxime.durand@demo.test");
    await page.goto(at("localhost", "/compte/profil/obligations"));
    await expect(page.getByTestId("declared-action").filter({ hasText: title }).getByTestId("declared-state")).toHaveText("Confirmée");
    await expect(page.getByTestId("counted-actions")).toContainText(title);
  });

  test("a professional deletes a declaration not yet confirmed, after confirming @no-js", async ({ page, loginAs }) => {
    const title = `À supprimer (${project()} ${Date.now()})`;
    await loginAs("emma.leroy@demo.test");
    await page.goto(at("localhost", "/compte/profil/obligations"));
    const form = page.getByTestId("declare-form");
    await form.getByLabel("Intitulé de l'action").fill(title);
    await form.getByLabel("Organisme", { exact: true }).fill("Organisme régional");
    await form.getByLabel("Durée (heures)").fill("2");
    await form.getByLabel("Date de début").fill("2026-09-01");
    await form.getByLabel("Date de fin").fill("2026-09-01");
    await form.getByLabel(/^Justificatif/).setInputFiles({
      name: "preuve.png",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    });
    await form.getByRole("button", { name: "Déclarer l'action" }).click();
    const declared = page.getByTestId("declared-action").filter({ hasText: title });
    await expect(declared).toBeVisible();
    await declared.getByTestId("declared-delete").click();
    const panel = page.getByTestId("confirm-panel");
    await expect(panel).toContainText(`Supprimer la déclaration « ${title} » ?`);
    await panel.getByRole("button", { name: "Supprimer la déclaration" }).click();
    await expect(page.getByText("Votre déclaration a été supprimée.")).toBeVisible();
    await expect(page.getByTestId("declared-action").filter({ hasText: title })).toHaveCount(0);
  });
});
