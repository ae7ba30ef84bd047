// The referent calls (issue 15 part A, /back/api/referent/): the holder-or-referent guard scoped to the account in
// use, the team, and the pharmacy area's index and legacy redirects.
import { describe, expect, test } from "vitest";
import { backends } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("referent calls (%s)", (backend) => {
  const suite = useSuite(backend);

  async function as(email: string, host = "localhost", language = "fr-FR") {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  test("the team of the holder's pharmacy, with status and progress", async () => {
    const holder = await as("holder@demo.test");
    const reply = await holder.get("/back/api/referent/dpec/allApprenants");
    expectEnvelope(reply, 200);
    const members = reply.body.data.members as { email: string; status: string; progress: number }[];
    expect(members.map((m) => m.email)).toContain("learner@demo.test");
    expect(members.map((m) => m.email)).toContain("holder@demo.test");
    for (const m of members) expect(m.progress).toBeGreaterThanOrEqual(0);
  });

  test("a guest gets 401, a learner 403", async () => {
    expectEnvelope(await suite.agent().get("/back/api/referent/dpec/allApprenants"), 401);
    const learner = await as("learner@demo.test");
    expectEnvelope(await learner.get("/back/api/referent/dpec/allApprenants"), 403);
  });

  test("the area's index goes to the collective plan (training-plan access) or the contract; pharmaTab links land on their tab", async () => {
    const holder = await as("holder@demo.test");
    const page = (path: string) => holder.get(path, { headers: { accept: "text/html" } });
    expect((await page("/gestion/ma-pharmacie")).headers.get("location")).toBe("/gestion/ma-pharmacie/plan-collectif");
    const tabs = ["plan-collectif", "tableau-de-bord", "contrat", "factures", "prises-en-charge", "attestations"];
    for (const [index, tab] of tabs.entries()) {
      expect((await page(`/gestion/ma-pharmacie?pharmaTab=${index}`)).headers.get("location")).toBe(`/gestion/ma-pharmacie/${tab}`);
    }
    const spanish = await as("referent.es@demo.test", "es.localhost", "es-ES");
    const reply = await spanish.get("/administracion/mi-farmacia", { headers: { accept: "text/html" } });
    // Farmacia Gran Vía has the training plan.
    expect(reply.headers.get("location")).toBe("/administracion/mi-farmacia/plan-collectif");
    const team = await spanish.get("/administracion/mi-farmacia/equipo", { headers: { accept: "text/html" } });
    expect(team.status).toBe(200);
    expect(team.text).toContain("María");
  });
});
