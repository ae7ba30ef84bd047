// The team's compliance status (issue 33, ADR 0126): a referent goes from the dashboard's DPC meter to the list,
// filters it by state, opens a member's detail and downloads the list as CSV, whose content is read back. French
// with JavaScript on and off; Belgian and Spanish copies without JavaScript (ADR 0121). Pages checked with axe.
import fs from "node:fs";
import { expect, test, localeCopy } from "./support/fixtures.ts";
import { at, type Host } from "./support/hosts.ts";
import { seriousViolationsWithJs } from "./support/axe";

test.describe.configure({ timeout: 90_000 });

const CASES = [
  {
    lang: "fr",
    host: "localhost" as Host,
    email: "holder@demo.test",
    dashboard: "/gestion/ma-pharmacie/tableau-de-bord",
    list: "/gestion/ma-pharmacie/conformite",
    link: "Voir la conformité de l'équipe",
    title: "Conformité de l'équipe",
    stateLabel: "État",
    filter: "Filtrer",
    csv: "Télécharger en CSV",
    header: "Nom;Prénom;Profession;Obligation;Début de période;Échéance;État;Manques",
    states: ["En retard", "À risque", "En cours", "Remplie", "Volontaire", "Aucune obligation"],
    back: "Retour à la conformité de l'équipe",
    traceability: "Télécharger le document de traçabilité (PDF)",
  },
  {
    lang: "be",
    host: "be.localhost" as Host,
    email: "referent.be@demo.test",
    dashboard: "/gestion/ma-pharmacie/tableau-de-bord",
    list: "/gestion/ma-pharmacie/conformite",
    link: "Voir la conformité de l'équipe",
    title: "Conformité de l'équipe",
    stateLabel: "État",
    filter: "Filtrer",
    csv: "Télécharger en CSV",
    header: "Nom;Prénom;Profession;Obligation;Début de période;Échéance;État;Manques",
    states: ["En retard", "À risque", "En cours", "Remplie", "Volontaire", "Aucune obligation"],
    back: "Retour à la conformité de l'équipe",
    traceability: "Télécharger le document de traçabilité (PDF)",
  },
  {
    lang: "es",
    host: "es.localhost" as Host,
    email: "referent.es@demo.test",
    dashboard: "/administracion/mi-farmacia/panel",
    list: "/administracion/mi-farmacia/cumplimiento",
    link: "Ver el cumplimiento del equipo",
    title: "Cumplimiento del equipo",
    stateLabel: "Estado",
    filter: "Filtrar",
    csv: "Descargar en CSV",
    header: "Apellidos;Nombre;Profesión;Obligación;Inicio del periodo;Plazo;Estado;Pendiente",
    states: ["Con retraso", "En riesgo", "En curso", "Cumplida", "Voluntaria", "Sin obligación"],
    back: "Volver al cumplimiento del equipo",
    traceability: "Descargar el documento de trazabilidad (PDF)",
  },
] as const;

for (const c of CASES) {
  test.describe(`team compliance (${c.lang})`, localeCopy(c.lang), () => {
    test(`the referent sees the team's status, filters it, opens a member and exports the CSV @no-js`, async ({ page, loginAs }) => {
      await loginAs(c.email, { host: c.host });
      await page.goto(at(c.host, c.dashboard));
      await page.getByRole("link", { name: new RegExp(`^${c.link}`) }).click();
      await expect(page).toHaveURL(new RegExp(`${c.list}$`));
      await expect(page.getByRole("heading", { level: 2, name: c.title })).toBeVisible();
      const rows = page.getByTestId("compliance-member");
      await expect(rows.first()).toBeVisible();
      // Each state is a badge with its name; late and at risk come first.
      const worst = await rows.evaluateAll((list) => list.map((row) => row.getAttribute("data-worst")));
      const order = ["late", "at_risk", "in_progress", "voluntary", "met", "none"];
      expect(worst.map((w) => order.indexOf(w!))).toEqual([...worst.map((w) => order.indexOf(w!))].sort((a, b) => a - b));
      for (const badge of await page.getByTestId("compliance-status").getByTestId("state-badge").all()) {
        expect(c.states).toContain((await badge.textContent())?.trim());
      }
      expect(await seriousViolationsWithJs(page)).toEqual([]);

      // The filter is a GET form: the list keeps the members with an obligation in that state.
      const firstState = await page.getByTestId("compliance-status").first().getAttribute("data-state");
      if (firstState) {
        const expected = Number(await page.getByTestId("compliance-counts").locator(`li[data-state='${firstState}']`).getAttribute("data-count"));
        await page.getByRole("combobox", { name: c.stateLabel }).selectOption(firstState);
        await page.getByRole("button", { name: c.filter }).click();
        await expect(page).toHaveURL(new RegExp(`state=${firstState}`));
        await expect(rows).toHaveCount(Math.min(expected, 50));
        for (const row of await rows.all()) await expect(row.locator(`[data-testid='compliance-status'][data-state='${firstState}']`).first()).toBeVisible();
      }

      // A member's detail, read-only, with the traceability document.
      const first = rows.first().getByRole("link").first();
      const name = (await first.textContent())!.trim();
      await first.click();
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(name) })).toBeVisible();
      await expect(page.getByRole("link", { name: c.traceability })).toHaveAttribute(
        "href",
        /\/back\/api\/referent\/compliance\/members\/\d+\/traceability\.pdf$/,
      );
      expect(await seriousViolationsWithJs(page)).toEqual([]);
      await page.getByRole("link", { name: c.back }).click();
      await expect(page).toHaveURL(new RegExp(`${c.list}$`));

      // The CSV: its header in the language, the member's rows with a translated state.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: c.csv }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
      const lines = text.trimEnd().split("\r\n");
      expect(lines[0]).toBe(c.header);
      const [firstName, ...rest] = name.split(" ");
      const member = lines.filter((line) => line.startsWith(`${rest.join(" ")};${firstName};`));
      expect(member.length).toBeGreaterThan(0);
      for (const line of member) expect(c.states.some((state) => line.split(";").includes(state))).toBe(true);
    });
  });
}
