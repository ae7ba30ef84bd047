// The referent calls (issue 15 part A, /back/api/referent/): the holder-or-referent guard scoped to the account in
// use, the team (invitation mail -> account creation, resend, activation), the contract, invoices (PDF, ZIP),
// the dashboard, attestations and the history export, and the pharmacy area's index and legacy redirects.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, isNull } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { accounts, contractOffers, contracts, enrolments, fundingRequests, memberships, orders, users } from "../../server/db/schema/index.ts";
import { unzip } from "../fixtures/read-xlsx.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { mailsTo } from "../support/mailbox.ts";

const tokenOf = (mail: string) => /creer-mon-compte\?token=([\w%-]+)/.exec(mail)?.[1];

describe.each(backends())("referent calls (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-referent-"));
  const suite = useSuite(backend, { DATA_DIR: dataDir });

  async function as(email: string, host = "localhost", language = "fr-FR"): Promise<Agent> {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    await agent.csrf();
    return agent;
  }
  const withCsrf = (agent: Agent) => ({ headers: { "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!) } });

  async function userId(email: string): Promise<number> {
    const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row.id;
  }

  test("the team of the holder's pharmacy, with status and progress; an open invitation is listed as invited", async () => {
    const holder = await as("holder@demo.test");
    const reply = await holder.get("/back/api/referent/dpec/allApprenants");
    expectEnvelope(reply, 200);
    const members = reply.body.data.members as { email: string; status: string; progress: number; invitationId: number | null }[];
    expect(members.map((m) => m.email)).toEqual(expect.arrayContaining(["learner@demo.test", "holder@demo.test", "camille.nouvelle@demo.test"]));
    expect(members.find((m) => m.email === "camille.nouvelle@demo.test")).toMatchObject({ status: "invited", contactId: null });
    expect(members.find((m) => m.email === "lea.bernard@demo.test")!.progress).toBeGreaterThan(0);
    expect(reply.body.data.account.name).toBe("Pharmacie du Marché");
  });

  test("addApprenant: a mail whose link creates the account in the pharmacy; twice is a 409; resend changes the link", async () => {
    const holder = await as("holder@demo.test");
    const email = "nina.invitee@demo.test";
    const bad = await holder.post("/back/api/referent/addApprenant", { email: "not-an-address", firstName: "", lastName: "X" });
    expectEnvelope(bad, 422);
    expect(Object.keys(bad.body.data.errors)).toEqual(expect.arrayContaining(["email", "firstName"]));
    const added = await holder.post("/back/api/referent/addApprenant", { email, firstName: "Nina", lastName: "Invitée" });
    expectEnvelope(added, 201);
    expect(added.body.message).toBe(`L'invitation a été envoyée à ${email}.`);
    expectEnvelope(await holder.post("/back/api/referent/addApprenant", { email, firstName: "Nina", lastName: "Invitée" }), 409);
    expectEnvelope(await holder.post("/back/api/referent/addApprenant", { email: "learner@demo.test", firstName: "J", lastName: "M" }), 409);
    const [first] = mailsTo(dataDir, email);
    const firstToken = tokenOf(first)!;
    expect(first).toContain("Pharmacie du March");

    expectEnvelope(await holder.post("/back/api/referent/sendEmailToApprenant", { id: added.body.data.invitationId }), 200);
    const mails = mailsTo(dataDir, email);
    expect(mails).toHaveLength(2);
    const secondToken = tokenOf(mails[1])!;
    expect(secondToken).not.toBe(firstToken);
    const guest = suite.agent();
    expectEnvelope(await guest.get(`/back/api/invitation/${decodeURIComponent(firstToken)}`), 404);
    await guest.csrf();
    const created = await guest.post("/back/api/createAccount", {
      token: decodeURIComponent(secondToken),
      email,
      firstName: "Nina",
      lastName: "Invitée",
      profession: "preparer",
      password: "bienvenue1",
      passwordConfirmation: "bienvenue1",
      acceptTerms: true,
    });
    expectEnvelope(created, 201);
    expect(created.body.data.establishment.name).toBe("Pharmacie du Marché");
    const team = await holder.get("/back/api/referent/dpec/allApprenants");
    expect(team.body.data.members.find((m: { email: string }) => m.email === email)).toMatchObject({ status: "active", role: "learner" });
  });

  test("toggleApprenantActive: a member is deactivated and loses the pharmacy, then comes back; not oneself", async () => {
    const holder = await as("holder@demo.test");
    const lucas = await userId("lucas.bonnet@demo.test");
    const off = await holder.post("/back/api/referent/toggleApprenantActive", { contactId: lucas, isActive: false });
    expectEnvelope(off, 200);
    const learner = await as("lucas.bonnet@demo.test");
    expect((await learner.get("/back/api/user")).body.data.establishment).toBeNull();
    expectEnvelope(await holder.post("/back/api/referent/toggleApprenantActive", { contactId: lucas, isActive: true }), 200);
    expect((await learner.get("/back/api/user")).body.data.establishment.name).toBe("Pharmacie du Marché");
    expectEnvelope(await holder.post("/back/api/referent/toggleApprenantActive", { contactId: await userId("holder@demo.test"), isActive: false }), 409);
    expectEnvelope(await holder.post("/back/api/referent/toggleApprenantActive", { contactId: lucas, isActive: "maybe" }), 422);
  });

  test("the holder stays active and only the holder manages referents; referents still manage learners (issue 28)", async () => {
    const [marche] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    const [lea, maxime, emma, holderId] = await Promise.all(
      ["lea.bernard@demo.test", "maxime.durand@demo.test", "emma.leroy@demo.test", "holder@demo.test"].map(userId),
    );
    // Two referents of the pharmacy (the demo data has only its holder).
    for (const id of [lea, maxime])
      await suite.db
        .update(memberships)
        .set({ role: "referent" })
        .where(and(eq(memberships.accountId, marche.id), eq(memberships.userId, id)));
    const referent = await as("lea.bernard@demo.test");
    const holder = await as("holder@demo.test");
    const spanishHolder = await as("holder@demo.test", "localhost", "es-ES");
    const activeOf = async (id: number) =>
      (
        await suite.db
          .select({ isActive: memberships.isActive })
          .from(memberships)
          .where(and(eq(memberships.accountId, marche.id), eq(memberships.userId, id)))
      )[0].isActive;

    const before = await tableCounts(suite.db);
    const holderOff = await referent.post("/back/api/referent/toggleApprenantActive", { contactId: holderId, isActive: false });
    expectEnvelope(holderOff, 409);
    expect(holderOff.body.message).toBe("Le titulaire de la pharmacie ne peut pas être désactivé.");
    const selfOff = await holder.post("/back/api/referent/toggleApprenantActive", { contactId: holderId, isActive: false });
    expectEnvelope(selfOff, 409);
    expect(selfOff.body.message).toBe("Le titulaire de la pharmacie ne peut pas être désactivé.");
    expect((await spanishHolder.post("/back/api/referent/toggleApprenantActive", { contactId: holderId, isActive: false })).body.message).toBe(
      "El titular de la farmacia no puede desactivarse.",
    );
    for (const isActive of [false, true]) {
      const other = await referent.post("/back/api/referent/toggleApprenantActive", { contactId: maxime, isActive });
      expectEnvelope(other, 403);
      expect(other.body.message).toBe("Seul le titulaire de la pharmacie peut activer ou désactiver un référent.");
    }
    expectEnvelope(await referent.post("/back/api/referent/toggleApprenantActive", { contactId: lea, isActive: false }), 409);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect([await activeOf(holderId), await activeOf(maxime), await activeOf(lea)]).toEqual([true, true, true]);

    // What is allowed: a referent manages learners; the holder manages referents.
    expectEnvelope(await referent.post("/back/api/referent/toggleApprenantActive", { contactId: emma, isActive: false }), 200);
    expectEnvelope(await referent.post("/back/api/referent/toggleApprenantActive", { contactId: emma, isActive: true }), 200);
    expectEnvelope(await holder.post("/back/api/referent/toggleApprenantActive", { contactId: maxime, isActive: false }), 200);
    expect(await activeOf(maxime)).toBe(false);
    expectEnvelope(await holder.post("/back/api/referent/toggleApprenantActive", { contactId: maxime, isActive: true }), 200);

    // The team says what each viewer may change; the page offers exactly that (no link, no confirmation step).
    const offered = async (agent: Agent) =>
      Object.fromEntries(
        ((await agent.get("/back/api/referent/dpec/allApprenants")).body.data.members as { contactId: number | null; canChangeAccess: boolean }[])
          .filter((m) => m.contactId !== null)
          .map((m) => [m.contactId, m.canChangeAccess]),
      );
    expect(await offered(referent)).toMatchObject({ [holderId]: false, [lea]: false, [maxime]: false, [emma]: true });
    expect(await offered(holder)).toMatchObject({ [holderId]: false, [lea]: true, [maxime]: true, [emma]: true });
    const page = async (agent: Agent, query = "") => (await agent.fetchRaw("GET", `/gestion/ma-pharmacie/equipe${query}`, { accept: "text/html" })).text();
    const asReferent = await page(referent);
    expect(asReferent).not.toContain(`data-testid="toggle-${holderId}"`);
    expect(asReferent).not.toContain(`data-testid="toggle-${maxime}"`);
    expect(asReferent).toContain(`data-testid="toggle-${emma}"`);
    expect(await page(referent, `?confirm=${holderId}`)).not.toContain('data-testid="confirm-toggle"');
    const asHolder = await page(holder);
    expect(asHolder).not.toContain(`data-testid="toggle-${holderId}"`);
    expect(asHolder).toContain(`data-testid="toggle-${maxime}"`);
  });

  test("editAccountDatas changes the pharmacy's name and address; bad input changes nothing", async () => {
    const holder = await as("holder@demo.test");
    expectEnvelope(await holder.post("/back/api/referent/editAccountDatas", { name: "", address: "x", postalCode: "!", city: "Lyon" }), 422);
    const ok = await holder.post("/back/api/referent/editAccountDatas", {
      name: "Pharmacie du Marché",
      address: "14 place du Marché",
      postalCode: "69003",
      city: "Lyon",
    });
    expectEnvelope(ok, 200);
    const [row] = await suite.db.select().from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    expect(row.address).toBe("14 place du Marché");
  });

  test("contract: the offer for the next product (twice the same), its signature makes the new contract in force", async () => {
    const referent = await as("referent.be@demo.test", "be.localhost", "fr-BE");
    const view = await referent.get("/back/api/referent/getContract");
    expectEnvelope(view, 200);
    expect(view.body.data).toMatchObject({
      contract: { productName: "Abonnement Officine", valid: true },
      nextProduct: { name: "Abonnement Officine Plus" },
      pendingOffer: null,
    });
    // A GET that changes state: the CSRF header first.
    expectEnvelope(await referent.get("/back/api/referent/updateToNextContractProduct"), 419);
    const offer = await referent.get("/back/api/referent/updateToNextContractProduct", withCsrf(referent));
    expectEnvelope(offer, 200);
    const again = await referent.get("/back/api/referent/updateToNextContractProduct", withCsrf(referent));
    expect(again.body.data.id).toBe(offer.body.data.id);
    const signed = await referent.get(`/back/api/referent/contract/sign/${offer.body.data.id}`, withCsrf(referent));
    expectEnvelope(signed, 200);
    expect(signed.body.data.status).toBe("signed");
    const count = async () => (await suite.db.select().from(contracts)).length;
    const before = await count();
    expectEnvelope(await referent.get(`/back/api/referent/contract/sign/${offer.body.data.id}`, withCsrf(referent)), 200);
    expect(await count()).toBe(before);
    const after = await referent.get("/back/api/referent/getContract");
    expect(after.body.data.contract.productName).toBe("Abonnement Officine Plus");
    expect((await referent.get("/back/api/user")).body.data.contractValidDate).toBe(after.body.data.contract.validUntil);
    expectEnvelope(await referent.get("/back/api/referent/updateToNextContractProduct", withCsrf(referent)), 409);
  });

  test("invoices: list, detail, PDF, several as one ZIP; Spanish account sees its own", async () => {
    const holder = await as("holder@demo.test");
    const list = await holder.get("/back/api/referent/invoices");
    expectEnvelope(list, 200);
    const invoices = list.body.data.invoices as { id: number; number: string }[];
    expect(invoices.length).toBeGreaterThanOrEqual(3);
    const detail = await holder.get(`/back/api/referent/invoice/${invoices[0].id}`);
    expectEnvelope(detail, 200);
    expect(detail.body.data.lines.length).toBeGreaterThan(0);
    const pdf = await holder.fetchRaw("GET", `/back/api/referent/invoice/${invoices[0].id}/pdf`, {});
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const zip = await holder.fetchRaw(
      "POST",
      "/back/api/referent/invoices",
      { "content-type": "application/json", ...withCsrf(holder).headers },
      JSON.stringify({ factures: invoices.slice(0, 2).map((i) => i.id) }),
    );
    expect(zip.status).toBe(200);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    for (const invoice of invoices.slice(0, 2)) expect(bytes.includes(Buffer.from(`${invoice.number}.pdf`))).toBe(true);
    // Streamed (no content-length, so chunked) and read back whole by an independent reader: one PDF per invoice.
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-length")).toBeNull();
    expect(zip.headers.get("content-disposition")).toMatch(/^attachment; filename="factures-\d{4}-\d{2}-\d{2}\.zip"$/);
    const archive = unzip(bytes);
    expect([...archive.keys()].sort()).toEqual(
      invoices
        .slice(0, 2)
        .map((i) => `${i.number}.pdf`)
        .sort(),
    );
    for (const pdf of archive.values()) expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expectEnvelope(await holder.post("/back/api/referent/invoices", { factures: [] }), 422);
    const spanish = await as("referent.es@demo.test", "es.localhost", "es-ES");
    const es = await spanish.get("/back/api/referent/invoices");
    expect(es.body.data.invoices.length).toBeGreaterThanOrEqual(2);
    expect(es.body.data.invoices.every((i: { number: string }) => i.number.startsWith("ES"))).toBe(true);
    const bonificaciones = await spanish.get("/back/api/referent/bonificacionesInvoices");
    expectEnvelope(bonificaciones, 200);
    expect(bonificaciones.body.data.invoices.length).toBeGreaterThanOrEqual(1);
    expect((await holder.get("/back/api/referent/bonificacionesInvoices")).body.data.invoices).toEqual([]);
  });

  test("the pharmacy's orders (ADR 0053): the last one and one by id, for the account in use only; shown on the invoices tab", async () => {
    const [marche] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    // The newest by date (issue 28 item 10), not by id: the demo's orders are not made in the order of their dates.
    const [newest] = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, marche.id), eq(orders.brand, "fr"), eq(orders.kind, "shop")))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    expect(newest, "the demo pharmacy has shop orders").toBeDefined();
    const [personal] = await suite.db.select().from(orders).where(isNull(orders.accountId)).limit(1);
    expect(personal, "a personal order (no pharmacy) in the demo data").toBeDefined();
    const holder = await as("holder@demo.test");
    const last = await holder.get("/back/api/referent/getLastCommand");
    expectEnvelope(last, 200);
    expect(last.body.data).toMatchObject({ id: newest.id, status: newest.status, totalWithVat: newest.totalWithVatCents });
    const one = await holder.get(`/back/api/referent/getCommand/${newest.id}`);
    expectEnvelope(one, 200);
    expect(one.body.data.id).toBe(newest.id);
    expect(one.body.data.lines.length).toBeGreaterThan(0);
    // Someone else's personal order, an unknown id: the same 404; a malformed id: 422.
    for (const id of [personal.id, 999_999]) {
      const reply = await holder.get(`/back/api/referent/getCommand/${id}`);
      expectEnvelope(reply, 404);
      expect(reply.body.message).toBe("Cette commande n'existe pas.");
    }
    expectEnvelope(await holder.get("/back/api/referent/getCommand/abc"), 422);

    // The same person acting for another of their pharmacies: this pharmacy's order is not found, the last is theirs.
    const multi = await as("multi@demo.test");
    const [halles] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie des Halles"));
    expectEnvelope(await multi.post("/back/api/user/setAccountId", { accountId: halles.id, platform: "fr" }), 200);
    expectEnvelope(await multi.get(`/back/api/referent/getCommand/${newest.id}`), 404);
    const theirs = await multi.get("/back/api/referent/getLastCommand");
    expectEnvelope(theirs, 200);
    const [hallesNewest] = await suite.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.accountId, halles.id), eq(orders.brand, "fr"), eq(orders.kind, "shop")))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    expect(theirs.body.data?.id ?? null).toBe(hallesNewest?.id ?? null);

    // Pages: the invoices tab names the last order and links to its page; the page shows its lines and invoice.
    const html = { headers: { accept: "text/html" } };
    const tab = await holder.get("/gestion/ma-pharmacie/factures", html);
    expect(tab.status).toBe(200);
    expect(tab.text).toContain("Dernière commande");
    expect(tab.text).toContain(`href="/gestion/ma-pharmacie/factures/commande/${newest.id}"`);
    const page = await holder.get(`/gestion/ma-pharmacie/factures/commande/${newest.id}`, html);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Commande n° ${newest.id}`);
    expect(page.text).toContain('data-testid="order-lines"');
    if (one.body.data.invoice) expect(page.text).toContain(one.body.data.invoice.number);
    expect((await multi.get(`/gestion/ma-pharmacie/factures/commande/${newest.id}`, html)).status).toBe(404);
    expect((await holder.get(`/gestion/ma-pharmacie/factures/commande/${personal.id}`, html)).status).toBe(404);
    // Spanish, with its own last order.
    const spanish = await as("referent.es@demo.test", "es.localhost", "es-ES");
    const esTab = await spanish.get("/administracion/mi-farmacia/facturas", html);
    expect(esTab.status).toBe(200);
    expect(esTab.text).toContain("Último pedido");
    const esLast = (await spanish.get("/back/api/referent/getLastCommand")).body.data;
    if (esLast) {
      expect(esTab.text).toContain(`Ver el pedido n.º ${esLast.id}`);
      expect((await spanish.get(`/administracion/mi-farmacia/facturas/pedido/${esLast.id}`, html)).text).toContain(`Pedido n.º ${esLast.id}`);
    } else {
      expect(esTab.text).toContain("La farmacia todavía no tiene pedidos.");
    }
  });

  test("dashboard: team figures, knowledge gain, DPC meter; attestations; history export where the brand offers it", async () => {
    const holder = await as("holder@demo.test");
    const reply = await holder.get("/back/api/referent/dashboard");
    expectEnvelope(reply, 200);
    const lea = reply.body.data.members.find((m: { firstName: string }) => m.firstName === "Léa");
    expect(lea.knowledgeGain).toMatchObject({ gain: expect.any(Number) });
    expect(lea.dpc.capMinutes).toBe(18 * 60);
    expect(reply.body.data.team.knowledgeGain).not.toBeNull();
    expect(reply.body.data.historyExport).toBe(true);
    expectEnvelope(await holder.get("/back/api/referent/attestations"), 200);
    const csv = await holder.fetchRaw("POST", "/back/api/referent/history/export", { "content-type": "application/json", ...withCsrf(holder).headers }, "{}");
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toContain("Formation");
    expect(text).toContain("Bernard");
    const belgian = await as("referent.be@demo.test", "be.localhost", "fr-BE");
    expectEnvelope(await belgian.post("/back/api/referent/history/export", {}), 403);
  });

  test("dashboard: each member's latest funding request (state and scheme) or none, in the API and the per-member table", async () => {
    const holder = await as("holder@demo.test");
    const [marche] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    const expected = async () => {
      const rows = await suite.db
        .select()
        .from(fundingRequests)
        .where(eq(fundingRequests.accountId, marche.id))
        .orderBy(desc(fundingRequests.createdAt), desc(fundingRequests.id));
      const latest = new Map<number, (typeof rows)[number]>();
      for (const row of rows) if (!latest.has(row.learnerId)) latest.set(row.learnerId, row);
      return latest;
    };
    type Member = { contactId: number; firstName: string; lastName: string; funding: { id: number; state: string; scheme: string } | null };
    const members = async () => (await holder.get("/back/api/referent/dashboard")).body.data.members as Member[];
    const latest = await expected();
    let list = await members();
    for (const m of list) {
      const row = latest.get(m.contactId);
      expect(m.funding, `${m.firstName} ${m.lastName}`).toEqual(
        row ? { id: row.id, state: row.state, scheme: row.scheme, updatedAt: row.updatedAt.toISOString() } : null,
      );
    }
    // The demo data has members with a request and members without one.
    expect(list.some((m) => m.funding !== null)).toBe(true);
    const without = list.find((m) => m.funding === null);
    expect(without, "a member without a funding request").toBeDefined();

    // A new request for that member becomes their latest, in creation; sent, it is in progress.
    const options = (await holder.get("/back/api/referent/dpec/options")).body.data;
    const agreement = (options.agreements as { id: number; scheme: string }[]).find((a) => a.scheme === "opco")!;
    const session = (options.sessions as { id: number }[])[0];
    const created = await holder.post("/back/api/referent/dpec/add", { apprenantId: without!.contactId, agrementId: agreement.id, sessionId: session.id });
    expectEnvelope(created, 201);
    list = await members();
    expect(list.find((m) => m.contactId === without!.contactId)!.funding).toMatchObject({ id: created.body.data.id, state: "creation", scheme: "opco" });
    expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id: created.body.data.id, action: "submit", isSpanish: false }), 200);
    list = await members();
    expect(list.find((m) => m.contactId === without!.contactId)!.funding).toMatchObject({ id: created.body.data.id, state: "in_progress" });

    // The page: a column per member, the state linked to the request, "Aucune demande" for the others (no JavaScript needed).
    const html = { headers: { accept: "text/html" } };
    const page = await holder.get("/gestion/ma-pharmacie/tableau-de-bord", html);
    expect(page.status).toBe(200);
    expect(page.text).toContain(">Prise en charge</th>");
    expect(page.text).toContain(`href="/gestion/ma-pharmacie/prises-en-charge/${created.body.data.id}"`);
    expect(page.text).toContain("OPCO : En cours");
    const cells = page.text.match(/data-testid="dashboard-funding"/g) ?? [];
    expect(cells).toHaveLength(list.length);
    if (list.some((m) => m.funding === null)) expect(page.text).toContain("Aucune demande");
    // Spanish: the FUNDAE state in Spanish.
    const spanish = await as("referent.es@demo.test", "es.localhost", "es-ES");
    const esMembers = (await spanish.get("/back/api/referent/dashboard")).body.data.members as Member[];
    const esPage = await spanish.get("/administracion/mi-farmacia/panel", html);
    expect(esPage.text).toContain(">Bonificación</th>");
    const withRequest = esMembers.find((m) => m.funding !== null);
    expect(withRequest, "a Spanish member with a FUNDAE request").toBeDefined();
    expect(withRequest!.funding!.scheme).toBe("fundae");
    expect(esPage.text).toContain("FUNDAE: ");
  });

  test("refused for everyone else, and another pharmacy's ids are not found: nothing changes", async () => {
    const holder = await as("holder@demo.test");
    const marcheInvoice = (await holder.get("/back/api/referent/invoices")).body.data.invoices[0].id as number;
    const marcheLearner = await userId("learner@demo.test");
    const marcheOrder = (await holder.get("/back/api/referent/getLastCommand")).body.data.id as number;
    const invitation = (await holder.get("/back/api/referent/dpec/allApprenants")).body.data.members.find((m: { status: string }) => m.status === "invited")
      .invitationId as number;
    const offer = await holder.get("/back/api/referent/updateToNextContractProduct", withCsrf(holder));
    expectEnvelope(offer, 200);
    const offerId = offer.body.data.id as number;
    // A training Pharmacie du Marché bought (the demo's paid orders): its attribution (ADR 0070).
    const bought = (await holder.get("/back/api/referent/attributeApprenants/options")).body.data.products[0] as { trainingId: number };
    expect(bought).toBeDefined();

    const guest = suite.agent();
    await guest.csrf();
    const learner = await as("learner@demo.test");
    const readOnlyLearner = await as("readonly@demo.test");
    const readOnlyReferent = await as("referent.readonly@demo.test");
    const otherReferent = await as("multi@demo.test");
    const [halles] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie des Halles"));
    expectEnvelope(await otherReferent.post("/back/api/user/setAccountId", { accountId: halles.id, platform: "fr" }), 200);

    type Call = { method: "GET" | "POST"; path: string; body?: unknown; write: boolean; csrfGet?: boolean };
    const calls: Call[] = [
      { method: "GET", path: "/back/api/referent/dpec/allApprenants", write: false },
      { method: "POST", path: "/back/api/referent/addApprenant", body: { email: "intrus@demo.test", firstName: "I", lastName: "N" }, write: true },
      { method: "POST", path: "/back/api/referent/sendEmailToApprenant", body: { id: invitation }, write: true },
      { method: "POST", path: "/back/api/referent/toggleApprenantActive", body: { contactId: marcheLearner, isActive: false }, write: true },
      {
        method: "POST",
        path: "/back/api/referent/editAccountDatas",
        body: { name: "Pirate", address: "1 rue X", postalCode: "75001", city: "Paris" },
        write: true,
      },
      { method: "GET", path: "/back/api/referent/getContract", write: false },
      { method: "GET", path: "/back/api/referent/updateToNextContractProduct", write: true, csrfGet: true },
      { method: "GET", path: `/back/api/referent/contract/sign/${offerId}`, write: true, csrfGet: true },
      { method: "GET", path: `/back/api/referent/contract/signContractSystemPay/${offerId}`, write: true, csrfGet: true },
      { method: "GET", path: "/back/api/referent/attributeApprenants/options", write: false },
      { method: "POST", path: "/back/api/referent/attributeApprenants", body: { trainingId: bought.trainingId, apprenants: [marcheLearner] }, write: true },
      { method: "GET", path: "/back/api/referent/invoices", write: false },
      { method: "GET", path: `/back/api/referent/invoice/${marcheInvoice}`, write: false },
      { method: "GET", path: `/back/api/referent/invoice/${marcheInvoice}/pdf`, write: false },
      { method: "POST", path: "/back/api/referent/invoices", body: { factures: [marcheInvoice] }, write: false },
      { method: "POST", path: "/back/api/referent/mFactures", body: { factures: [marcheInvoice] }, write: false },
      { method: "GET", path: "/back/api/referent/bonificacionesInvoices", write: false },
      { method: "GET", path: "/back/api/referent/getLastCommand", write: false },
      { method: "GET", path: `/back/api/referent/getCommand/${marcheOrder}`, write: false },
      { method: "GET", path: "/back/api/referent/dashboard", write: false },
      { method: "GET", path: "/back/api/referent/attestations", write: false },
      { method: "POST", path: "/back/api/referent/history/export", body: {}, write: false },
    ];
    const send = (agent: Agent, call: Call) =>
      call.method === "GET" ? agent.get(call.path, call.csrfGet ? withCsrf(agent) : undefined) : agent.post(call.path, call.body);

    const before = await tableCounts(suite.db);
    const enrolledBefore = await suite.db.select().from(enrolments).where(eq(enrolments.trainingId, bought.trainingId));
    const [accountBefore] = await suite.db.select().from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    for (const call of calls) {
      expect((await send(guest, call)).status, `guest ${call.path}`).toBe(401);
      expect((await send(learner, call)).status, `learner ${call.path}`).toBe(403);
      expect((await send(readOnlyLearner, call)).status, `read-only learner ${call.path}`).toBe(403);
      // The read-only contract's referent reads its own pharmacy, never writes.
      if (call.write) expect((await send(readOnlyReferent, call)).status, `read-only referent ${call.path}`).toBe(403);
      // Another pharmacy's referent: this pharmacy's ids are not found there; its own reads are its own pharmacy's.
      const other = await send(otherReferent, call);
      if (
        (/\/(invoice|invoices|mFactures|sign|sendEmailToApprenant|toggleApprenantActive|attributeApprenants$|getCommand)/.test(call.path) &&
          call.path !== "/back/api/referent/invoices") ||
        (call.method === "POST" && /invoices|mFactures/.test(call.path))
      ) {
        expect(other.status, `other referent ${call.path}`).toBe(404);
      }
      if (call.path.endsWith("/attributeApprenants/options")) {
        expect(other.body.data.members.map((m: { email: string }) => m.email)).not.toContain("learner@demo.test");
      }
      if (call.path.endsWith("/getLastCommand")) {
        expect(other.status, "other referent getLastCommand").toBe(200);
        expect(other.body.data?.id ?? null, "another pharmacy's last order").not.toBe(marcheOrder);
      }
      if (call.path.endsWith("/bonificacionesInvoices")) {
        expect(other.status, "other referent bonificacionesInvoices").toBe(200);
        expect(other.body.data.invoices.map((i: { id: number }) => i.id)).not.toContain(marcheInvoice);
      }
      if (call.path.endsWith("/allApprenants")) {
        expect(other.body.data.members.map((m: { email: string }) => m.email)).not.toContain("learner@demo.test");
      }
    }
    // The other referent's writes that passed acted on their own pharmacy only: the holder's pharmacy is untouched.
    const [accountAfter] = await suite.db.select().from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    expect(accountAfter).toEqual(accountBefore);
    const [membership] = await suite.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, marcheLearner), eq(memberships.accountId, accountBefore.id)));
    expect(membership.isActive).toBe(true);
    const [stillPending] = await suite.db.select().from(contractOffers).where(eq(contractOffers.id, offerId));
    expect(stillPending.status).toBe("pending");
    // Nobody was enrolled in the bought training, no seat booked, no contract order started.
    const enrolledNow = await suite.db.select().from(enrolments).where(eq(enrolments.trainingId, bought.trainingId));
    expect(enrolledNow).toEqual(enrolledBefore);
    const after = await tableCounts(suite.db);
    // Only the other referent's own pharmacy may have gained rows (its own invitation, its own offer).
    for (const table of Object.keys(before)) {
      if (table === "auth_tokens" || table === "contract_offers" || table === "sessions" || table === "rate_limits") continue;
      expect(after[table], table).toBe(before[table]);
    }
  });

  test("the area's index goes to the collective plan (training-plan access) or the contract; pharmaTab links land on their tab", async () => {
    const holder = await as("holder@demo.test");
    const page = (path: string) => holder.get(path, { headers: { accept: "text/html" } });
    expect((await page("/gestion/ma-pharmacie")).headers.get("location")).toBe("/gestion/ma-pharmacie/plan-collectif");
    const tabs = ["plan-collectif", "tableau-de-bord", "contrat", "factures", "prises-en-charge", "attestations"];
    for (const [index, tab] of tabs.entries()) {
      expect((await page(`/gestion/ma-pharmacie?pharmaTab=${index}`)).headers.get("location")).toBe(`/gestion/ma-pharmacie/${tab}`);
    }
    for (const tab of [...tabs, "equipe"]) expect((await page(`/gestion/ma-pharmacie/${tab}`)).status, tab).toBe(200);
    const spanish = await as("referent.es@demo.test", "es.localhost", "es-ES");
    const reply = await spanish.get("/administracion/mi-farmacia", { headers: { accept: "text/html" } });
    expect(reply.headers.get("location")).toBe("/administracion/mi-farmacia/plan-colectivo");
    const team = await spanish.get("/administracion/mi-farmacia/equipo", { headers: { accept: "text/html" } });
    expect(team.status).toBe(200);
    expect(team.text).toContain("María");
    // Without the training plan (Pharmacie du Sablon has it; Grande Pharmacie de la Gare not): the contract.
    const readOnly = await as("referent.readonly@demo.test");
    expect((await readOnly.get("/gestion/ma-pharmacie?pharmaTab=0", { headers: { accept: "text/html" } })).headers.get("location")).toBe(
      "/gestion/ma-pharmacie/contrat",
    );
    const contract = await readOnly.get("/gestion/ma-pharmacie/contrat", { headers: { accept: "text/html" } });
    expect(contract.text).toContain("lecture seule");
    expect(contract.text).not.toContain('value="next"');
  });
});
