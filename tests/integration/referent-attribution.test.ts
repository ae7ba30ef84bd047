// The referent's attribution of bought trainings (POST /referent/attributeApprenants, ADR 0070) and signing the
// contract with a card payment (GET /referent/contract/signContractSystemPay/{id}, ADR 0071): one transaction,
// idempotent, refusals that change nothing, and the shop's verified notification signing the contract once.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { accounts, contractOffers, contracts, enrolments, faceToFaceSessions, invoices, orderLines, orders, users } from "../../server/db/schema/index.ts";
import { createLearners, createSession, firstTrainingOfType, sessionRow } from "./enrolment-helpers.ts";
import { csrfHeader, sandboxNotification, submitCard } from "./shop-helpers.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { cookieBrowser, decodeHtml } from "./support/page-request.ts";

const decode = decodeHtml;

describe.each(backends())("referent attribution and contract payment (%s)", (backend) => {
  const suite = useSuite(backend);

  async function as(email: string, host = "localhost", language = "fr-FR"): Promise<Agent> {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    await agent.csrf();
    return agent;
  }

  async function accountId(name: string): Promise<number> {
    const [row] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
    return row.id;
  }

  async function userId(email: string): Promise<number> {
    const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row.id;
  }

  /** `n` paid shop orders made for the account, one line each (one seat per line): the pharmacy bought n seats. */
  async function buy(account: number, buyer: number, training: { id: number; name: string; type: string }, sessionId: number | null, n: number) {
    for (let i = 0; i < n; i++) {
      const paidAt = new Date();
      const [order] = await suite.db
        .insert(orders)
        .values({
          brand: "fr",
          userId: buyer,
          accountId: account,
          status: "paid",
          paymentMethod: "card",
          provider: "sandbox",
          subtotalCents: 1000,
          totalCents: 1000,
          vatCents: 0,
          totalWithVatCents: 1000,
          vatRateBasisPoints: 0,
          paidAt,
        })
        .returning();
      await suite.db
        .insert(orderLines)
        .values({ orderId: order.id, trainingId: training.id, name: training.name, trainingType: training.type, sessionId, priceCents: 1000, netCents: 1000 });
    }
  }

  const activeEnrolments = (trainingId: number, ids: number[]) =>
    suite.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.trainingId, trainingId), inArray(enrolments.userId, ids)));

  test("attributing a session training: enrolled with a seat, twice changes nothing, a full session or used-up quantity refuses all", async () => {
    const marche = await accountId("Pharmacie du Marché");
    const holder = await as("holder@demo.test");
    const holderId = await userId("holder@demo.test");
    const training = await firstTrainingOfType(suite.db, "fr", "faceToFaceOnly");
    const { session } = await createSession(suite.db, training.id, { seats: 1 });
    await buy(marche, holderId, training, session.id, 2);
    const [a, b, c] = await createLearners(suite.db, 3, marche, `attr-${backend}`);

    const options = await holder.get("/back/api/referent/attributeApprenants/options");
    expectEnvelope(options, 200);
    const product = options.body.data.products.find((p: { key: string }) => p.key === `${training.id}-${session.id}`);
    expect(product).toMatchObject({ quantity: 2, used: 0, remaining: 2, session: { id: session.id, seatsAvailable: 1 } });
    expect(options.body.data.members.map((m: { contactId: number }) => m.contactId)).toEqual(expect.arrayContaining([a, b, c]));

    const body = (apprenants: number[]) => ({ trainingId: training.id, sessionId: session.id, apprenants });
    const first = await holder.post("/back/api/referent/attributeApprenants", body([a]));
    expectEnvelope(first, 200);
    expect(first.body.data).toMatchObject({ attributed: [a], alreadyEnrolled: [], remaining: 1 });
    expect(first.body.message).toContain(training.name);
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);
    expect(await activeEnrolments(training.id, [a])).toMatchObject([{ status: "pending", sessionId: session.id, accountId: marche }]);

    // A double submit: the same learner again is left as they are (no second enrolment, no second seat).
    const again = await holder.post("/back/api/referent/attributeApprenants", body([a]));
    expectEnvelope(again, 200);
    expect(again.body.data).toMatchObject({ attributed: [], alreadyEnrolled: [a], remaining: 1 });
    expect(again.body.message).toMatch(/déjà inscrits/);
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);
    expect(await activeEnrolments(training.id, [a])).toHaveLength(1);

    // The session is full: refused, nobody enrolled.
    let before = await tableCounts(suite.db);
    const full = await holder.post("/back/api/referent/attributeApprenants", body([b]));
    expectEnvelope(full, 409);
    expect(full.body.message).toMatch(/complète : personne n'a été inscrit/);
    expect(await tableCounts(suite.db)).toEqual(before);

    // Seats enough, but one bought seat left for two learners: refused as a whole.
    await suite.db.update(faceToFaceSessions).set({ maxParticipants: 10 }).where(eq(faceToFaceSessions.id, session.id));
    before = await tableCounts(suite.db);
    const tooMany = await holder.post("/back/api/referent/attributeApprenants", body([b, c]));
    expectEnvelope(tooMany, 409);
    expect(tooMany.body.message).toMatch(/Il ne reste que 1 place/);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);

    // Two referents' submits at once for the last seat bought: one gets it.
    const replies = await Promise.all([
      holder.post("/back/api/referent/attributeApprenants", body([b])),
      holder.post("/back/api/referent/attributeApprenants", body([c])),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(2);
    const after = await holder.get("/back/api/referent/attributeApprenants/options");
    expect(after.body.data.products.find((p: { key: string }) => p.key === `${training.id}-${session.id}`)).toMatchObject({
      quantity: 2,
      used: 2,
      remaining: 0,
    });
  });

  test("refusals: another pharmacy's learner, a training not bought, bad input, Spanish messages; nothing changes", async () => {
    const marche = await accountId("Pharmacie du Marché");
    const holder = await as("holder@demo.test");
    const holderId = await userId("holder@demo.test");
    const training = await firstTrainingOfType(suite.db, "fr", "formation", (t) => !t.free);
    await buy(marche, holderId, training, null, 1);
    const [mine] = await createLearners(suite.db, 1, marche, `refuse-${backend}`);
    const [stranger] = await createLearners(suite.db, 1, await accountId("Pharmacie des Halles"), `stranger-${backend}`);
    const notBought = await firstTrainingOfType(suite.db, "fr", "video");
    const before = await tableCounts(suite.db);

    const other = await holder.post("/back/api/referent/attributeApprenants", { trainingId: training.id, apprenants: [mine, stranger] });
    expectEnvelope(other, 404);
    expect(other.body.message).toBe("Cette personne ne fait pas partie de votre pharmacie.");
    expectEnvelope(await holder.post("/back/api/referent/attributeApprenants", { trainingId: notBought.id, apprenants: [mine] }), 404);
    const bad = await holder.post("/back/api/referent/attributeApprenants", { trainingId: "x", apprenants: [] });
    expectEnvelope(bad, 422);
    expect(Object.keys(bad.body.data.errors)).toEqual(expect.arrayContaining(["trainingId", "apprenants"]));
    expect(await tableCounts(suite.db)).toEqual(before);
    expect(await activeEnrolments(training.id, [mine, stranger])).toEqual([]);

    // The Spanish pharmacy's referent is told in Spanish (usted).
    const spanish = await as("referent.es@demo.test", "es.localhost", "es-ES");
    const es = await spanish.post("/back/api/referent/attributeApprenants", { trainingId: training.id, apprenants: [mine] });
    expectEnvelope(es, 404);
    expect(es.body.message).toBe("Esta persona no forma parte de su farmacia.");

    const ok = await holder.post("/back/api/referent/attributeApprenants", { trainingId: training.id, apprenants: [mine] });
    expectEnvelope(ok, 200);
    expect(await activeEnrolments(training.id, [mine])).toMatchObject([{ status: "in_progress", sessionId: null, accountId: marche }]);
  });

  const notify = (agent: Agent, body: string, headers: Record<string, string>) =>
    agent.request("POST", "/back/api/shop/payments/notify/sandbox", { body, headers: { "content-type": "application/json", ...headers }, csrf: false });

  test("sign and pay: a pending contract order, the verified notification signs the contract once; a replay changes nothing", async () => {
    const referent = await as("referent.be@demo.test", "be.localhost", "fr-BE");
    const offer = (await referent.get("/back/api/referent/updateToNextContractProduct", { headers: csrfHeader(referent) })).body.data;
    const path = `/back/api/referent/contract/signContractSystemPay/${offer.id}?returnPath=${encodeURIComponent("/gestion/ma-pharmacie/contrat")}`;
    expectEnvelope(await referent.get(path), 419);

    const first = await referent.get(path, { headers: csrfHeader(referent) });
    expectEnvelope(first, 200);
    const started = await referent.get(path, { headers: csrfHeader(referent) });
    expectEnvelope(started, 200);
    // Started again (a double click): the same open order is answered, no second one is made (ADR 0101).
    expect(started.body.data.orderId).toBe(first.body.data.orderId);
    expect(
      await suite.db
        .select()
        .from(orders)
        .where(and(eq(orders.contractOfferId, offer.id), eq(orders.status, "pending"))),
    ).toHaveLength(1);
    const [order] = await suite.db.select().from(orders).where(eq(orders.id, started.body.data.orderId));
    expect(order).toMatchObject({ kind: "contract", contractOfferId: offer.id, status: "pending", subtotalCents: offer.priceCents, currency: "EUR" });
    expect(order.totalWithVatCents).toBe(offer.priceCents + order.vatCents);
    expect(started.body.data).toMatchObject({ offerId: offer.id, amountCents: order.totalWithVatCents, payment: { provider: "sandbox", method: "GET" } });
    // Not signed before the payment.
    expect((await suite.db.select().from(contractOffers).where(eq(contractOffers.id, offer.id)))[0].status).toBe("pending");

    const contractsBefore = (await suite.db.select().from(contracts)).length;
    const paid = sandboxNotification({ orderId: order.id, status: "paid", amountCents: order.totalWithVatCents, transactionId: `contract-${backend}-1` });
    const forged = await notify(referent, paid.body, { "x-sandbox-signature": "00".repeat(32) });
    expectEnvelope(forged, 403);
    expect((await suite.db.select().from(contracts)).length).toBe(contractsBefore);

    expectEnvelope(await notify(referent, paid.body, paid.headers as Record<string, string>), 200);
    const [signedOffer] = await suite.db.select().from(contractOffers).where(eq(contractOffers.id, offer.id));
    expect(signedOffer.status).toBe("signed");
    expect((await suite.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("paid");
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect((await suite.db.select().from(contracts)).length).toBe(contractsBefore + 1);

    // The same notification again: nothing twice.
    const before = await tableCounts(suite.db);
    expectEnvelope(await notify(referent, paid.body, paid.headers as Record<string, string>), 200);
    expect(await tableCounts(suite.db)).toEqual(before);

    const view = (await referent.get("/back/api/referent/getContract")).body.data;
    expect(view.contract.productName).toBe(offer.productName);
    expect(view.lastPayment).toMatchObject({ orderId: order.id, status: "paid" });
    // The contract's invoice is the pharmacy's, with the product as its line.
    const listed = (await referent.get("/back/api/referent/invoices")).body.data.invoices.find((i: { orderId: number }) => i.orderId === order.id);
    expect(listed).toBeDefined();
    const detail = (await referent.get(`/back/api/referent/invoice/${listed.id}`)).body.data;
    expect(detail.lines).toEqual([{ name: offer.productName, trainingType: "contract", price: offer.priceCents, discount: 0, net: offer.priceCents }]);
    const pdf = await referent.get(`/back/api/referent/invoice/${listed.id}/pdf`);
    expect(pdf.status).toBe(200);
    // Paying again a signed offer: refused.
    expectEnvelope(await referent.get(path, { headers: csrfHeader(referent) }), 409);
  });

  test("sign and pay through the sandbox page (no JavaScript); refusals; an offer signed meanwhile fails the payment", async () => {
    // Pharmacie des Halles (multi@demo.test's, in use after setAccountId) pays on the sandbox page: its form, no script.
    const multi = await as("multi@demo.test");
    expectEnvelope(await multi.post("/back/api/user/setAccountId", { accountId: await accountId("Pharmacie des Halles"), platform: "fr" }), 200);
    const offer = (await multi.get("/back/api/referent/updateToNextContractProduct", { headers: csrfHeader(multi) })).body.data;
    const start = await multi.get(`/back/api/referent/contract/signContractSystemPay/${offer.id}?returnPath=%2Fgestion%2Fma-pharmacie%2Fcontrat`, {
      headers: csrfHeader(multi),
    });
    expectEnvelope(start, 200);
    const paid = await submitCard(multi, start.body.data.payment.url, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(/^\/gestion\/ma-pharmacie\/contrat\?order=\d+&payment=paid$/);
    expect((await suite.db.select().from(contractOffers).where(eq(contractOffers.id, offer.id)))[0].status).toBe("signed");

    // Another pharmacy's referent cannot pay this pharmacy's offer (404), nor a read-only referent (403), nor a learner.
    const holder = await as("holder@demo.test");
    const next = (await holder.get("/back/api/referent/updateToNextContractProduct", { headers: csrfHeader(holder) })).body.data;
    const readOnly = await as("referent.readonly@demo.test");
    const learner = await as("learner@demo.test");
    const guest = suite.agent();
    await guest.csrf();
    const before = await tableCounts(suite.db);
    const payPath = `/back/api/referent/contract/signContractSystemPay/${next.id}`;
    expectEnvelope(await multi.get(payPath, { headers: csrfHeader(multi) }), 404);
    expectEnvelope(await readOnly.get(payPath, { headers: csrfHeader(readOnly) }), 403);
    expectEnvelope(await learner.get(payPath, { headers: csrfHeader(learner) }), 403);
    expectEnvelope(await guest.get(payPath, { headers: csrfHeader(guest) }), 401);
    expectEnvelope(await holder.get("/back/api/referent/contract/signContractSystemPay/abc", { headers: csrfHeader(holder) }), 422);
    expect(await tableCounts(suite.db)).toEqual(before);

    // The referent starts paying, then signs without paying: the payment that arrives later signs nothing again.
    const pending = await holder.get(payPath, { headers: csrfHeader(holder) });
    expectEnvelope(pending, 200);
    expectEnvelope(await holder.get(`/back/api/referent/contract/sign/${next.id}`, { headers: csrfHeader(holder) }), 200);
    const contractsBefore = (await suite.db.select().from(contracts)).length;
    const [order] = await suite.db.select().from(orders).where(eq(orders.id, pending.body.data.orderId));
    const late = sandboxNotification({ orderId: order.id, status: "paid", amountCents: order.totalWithVatCents, transactionId: `late-${backend}` });
    expectEnvelope(await notify(holder, late.body, late.headers as Record<string, string>), 200);
    expect((await suite.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: "failed",
      failureReason: "contractPaymentOfferClosed",
    });
    expect((await suite.db.select().from(contracts)).length).toBe(contractsBefore);
  });

  /** A referent's browser without JavaScript: its cookies, and posts carrying the form token of the page opened. */
  async function browserOf(email: string, host = "localhost", language = "fr-FR") {
    const agent = await as(email, host, language);
    const browser = cookieBrowser(suite.origin, agent.cookies, { host, language });
    return {
      agent,
      get: browser.get,
      post: (path: string, fields: [string, string][]) => browser.post(path, fields),
    };
  }

  test("the pages without JavaScript: attribution (errors kept, then enrolled) and sign and pay (to the provider's page)", async () => {
    const holder = await browserOf("holder@demo.test");
    const path = "/gestion/ma-pharmacie/equipe/attribuer";
    const page = await holder.get(path);
    expect(page.status).toBe(200);
    expect(decode(page.text)).toContain("Attribuer les formations achetées");
    expect(decode((await holder.get("/gestion/ma-pharmacie/equipe")).text)).toContain(`href="${path}"`);
    const options = (await holder.agent.get("/back/api/referent/attributeApprenants/options")).body.data as {
      products: { key: string; name: string; remaining: number; trainingId: number }[];
      members: { contactId: number; firstName: string }[];
    };
    const single = options.products.find((p) => p.remaining === 1)!;
    const double = options.products.find((p) => p.remaining === 2)!;
    expect(single && double, "the demo's bought products").toBeTruthy();
    const [a, b] = options.members.filter((m) => m.firstName === "Lucas" || m.firstName === "Maxime").map((m) => String(m.contactId));
    const before = await tableCounts(suite.db);

    const empty = await holder.post(path, [
      ["intent", "attribute"],
      ["product", ""],
    ]);
    expect(empty.status).toBe(422);
    // The product's message alone (not its format's as well).
    expect(decode(empty.text)).toMatch(/>Ce champ est obligatoire\.<\/p>/);
    expect(decode(empty.text)).toMatch(/id="apprenants-error"[^>]*>Choisissez au moins une option\.</);
    const tooMany = await holder.post(path, [
      ["intent", "attribute"],
      ["product", single.key],
      ["apprenants", a],
      ["apprenants", b],
    ]);
    expect(tooMany.status).toBe(409);
    const tooManyText = decode(tooMany.text);
    expect(tooManyText).toContain("Il ne reste que 1 place achetée pour cette formation : vous en avez demandé 2. Personne n'a été inscrit.");
    // The choices are kept: both boxes still ticked.
    expect(tooManyText.match(/name="apprenants" checked=""/g)).toHaveLength(2);
    expect(tooManyText).toMatch(new RegExp(`<option value="${single.key}" selected=""`));
    expect(await tableCounts(suite.db)).toEqual({ ...before, sessions: (await tableCounts(suite.db)).sessions });

    const done = await holder.post(path, [
      ["intent", "attribute"],
      ["product", double.key],
      ["apprenants", a],
    ]);
    expect(done.status).toBe(302);
    expect(done.location).toBe(path);
    expect(await activeEnrolments(double.trainingId, [Number(a)])).toHaveLength(1);

    // Spanish: the page in Spanish.
    const spanish = await browserOf("referent.es@demo.test", "es.localhost", "es-ES");
    const es = await spanish.get("/administracion/mi-farmacia/equipo/asignar");
    expect(es.status).toBe(200);
    expect(decode(es.text)).toContain("Asignar las formaciones compradas");

    // Sign and pay: the contract page's form leads to the sandbox's payment page.
    // A pending offer of the pharmacy (made here: the tests before may have signed its way to the top product).
    const [offer] = await suite.db
      .insert(contractOffers)
      .values({ accountId: await accountId("Pharmacie du Marché"), productName: "Abonnement Groupement", priceCents: 159_000, status: "pending" })
      .onConflictDoNothing()
      .returning();
    expect(offer, "a pending offer").toBeDefined();
    const contract = decode((await holder.get("/gestion/ma-pharmacie/contrat")).text);
    expect(contract).toContain("Signer et payer par carte");
    const pay = await holder.post("/gestion/ma-pharmacie/contrat", [
      ["intent", "pay"],
      ["offerId", String(offer.id)],
    ]);
    expect(pay.status).toBe(302);
    expect(pay.location).toMatch(/\/back\/payments\/sandbox\//);
    const [pending] = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.contractOfferId, offer.id), eq(orders.status, "pending")));
    expect(pending).toMatchObject({ kind: "contract" });
    // Back from the provider: the stored status is shown.
    const back = decode((await holder.get(`/gestion/ma-pharmacie/contrat?order=${pending.id}&payment=paid`)).text);
    expect(back).toContain("en attente de confirmation");
  });
});
