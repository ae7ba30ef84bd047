// Invoices an accountant signs (issue 28 items 8 to 11, ADR 0102): one legal identity per brand printed as the
// seller; the buyer's legal data asked at checkout (FR address, ES NIF, BE company VAT number) and printed; the
// function labels translated; no payment terms on a credit note; demo numbers in issue-date order; every document in
// the journal, a free order's 0 EUR invoice too. Real checkouts on the real platform, on PGlite and PostgreSQL.
import { and, asc, eq, ne } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { addressLine, LEGAL_IDENTITIES } from "#core/branding/legal-identities.ts";
import { monthOf } from "#core/domain/accounting.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { findLastOrderOfAccount } from "../../server/back/modules/shop/shop.repository.ts";
import { invoiceSeller } from "../../server/back/modules/invoices/invoice-parties.ts";
import { accounts, billingProfiles, contracts, invoiceCounters, invoices, memberships, orders, users } from "../../server/db/schema/index.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { readFirstSheet } from "../fixtures/read-xlsx.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { pageRequest } from "./support/page-request.ts";
import { useSuite } from "./support/setup.ts";
import { agentFor } from "./enrolment-helpers.ts";
import { createCode, createShopBuyers, csrfHeader, payWithCard, storeTrainings } from "./shop-helpers.ts";

const ACCEPTED = "4242424242424242";
const HOSTS = { fr: "localhost", be: "be.localhost", es: "es.localhost" } as const;
const LANGUAGE = { fr: "fr-FR", be: "fr-BE", es: "es-ES" } as const;
type HostBrand = keyof typeof HOSTS;

describe.each(backends())("invoices an accountant signs (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });
  const on = (brand: HostBrand) => ({ "x-forwarded-host": HOSTS[brand], "accept-language": LANGUAGE[brand] });

  /** A shop customer of the brand, logged in on its host (`billing: false`: without billing details yet). */
  async function buyer(brand: HostBrand, tag: string, options: { billing?: boolean } = {}) {
    const [id] = await createShopBuyers(suite.db, 1, `${tag}-${backend}`, brand, options);
    const [user] = await suite.db.select().from(users).where(eq(users.id, id));
    return { id, user, agent: await agentFor(suite, id, null, on(brand)) };
  }

  /** A store e-learning of the brand in the cart, with the learner's function chosen. */
  async function cartWith(agent: Agent, brand: HostBrand, functionName = "pharmacist", index = 0) {
    const training = (await storeTrainings(suite.db, brand, "formation")).filter((t) => t.availableFunctions.includes(functionName))[index];
    const cart = await agent.post("/back/api/shop/add/products", { products: [training.id] });
    expectEnvelope(cart, 200);
    const line = cart.body.data.products.find((p: { productId: number }) => p.productId === training.id);
    expectEnvelope(await agent.post("/back/api/shop/setProductFunction/product", { productCartId: line.id, functionName }), 200);
    return training;
  }

  /** Pays the cart by card on the sandbox and answers the paid order's invoice row and its PDF's text. */
  async function payAndRead(agent: Agent) {
    const { start, pay } = await payWithCard(agent, ACCEPTED);
    expect((await pay()).status).toBe(303);
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.orderId, start.body.data.orderId));
    const pdf = await agent.fetchRaw("GET", `/back/api/shop/invoice/${start.body.data.orderId}`, {});
    expect(pdf.status).toBe(200);
    return { orderId: start.body.data.orderId as number, invoice, text: extractPdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\n/g, " ") };
  }

  /** The seller block every invoice of the brand prints, from core/branding/legal-identities.ts. */
  function expectSellerOf(brand: keyof typeof LEGAL_IDENTITIES, text: string) {
    const identity = LEGAL_IDENTITIES[brand];
    for (const expected of [identity.legalName, addressLine(identity.address), identity.registration, identity.vatNumber])
      expect(text, expected).toContain(expected);
    if (identity.trainingDeclaration) expect(text).toContain(identity.trainingDeclaration.number);
    if (identity.dpcRegistration) expect(text).toContain(`ANDPC sous le n° ${identity.dpcRegistration}`);
    for (const stale of ["Formapharm", "11 75 54321 75", "84 69 18273 69"]) expect(text, stale).not.toContain(stale);
  }

  test("Spain: no checkout before the NIF and address; bad input refused in Spanish; saved once when sent ten times; the factura prints them", async () => {
    const { id, user, agent } = await buyer("es", "nif", { billing: false });
    const details = await agent.get("/back/api/shop/billingDetails");
    expectEnvelope(details, 200);
    expect(details.body.data).toMatchObject({
      buyer: "person",
      country: "ES",
      taxIdRequired: true,
      address: null,
      taxId: null,
      missing: ["address", "postalCode", "city", "taxId"],
      editable: true,
    });

    await cartWith(agent, "es");
    const before = await tableCounts(suite.db);
    for (const attempt of [
      () => agent.get("/back/api/shop/getPaymentToken", { headers: csrfHeader(agent) }),
      () => agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) }),
    ]) {
      const refused = await attempt();
      expectEnvelope(refused, 409);
      expect(refused.body.message).toBe("Complete sus datos de facturación antes de pagar: deben figurar en la factura.");
      expect(Object.keys(refused.body.data.errors)).toEqual(["address", "postalCode", "city", "taxId"]);
    }
    expect(await tableCounts(suite.db)).toEqual(before);

    const bad = await agent.post("/back/api/shop/billingDetails", { address: " ", postalCode: "99999", city: "Madrid", taxId: "12345678A" });
    expectEnvelope(bad, 422);
    expect(bad.body.data.errors).toEqual({
      address: ["Este campo es obligatorio."],
      postalCode: ["Código postal no válido (5 cifras)."],
      taxId: ["NIF no válido: compruebe la letra o el dígito de control (12345678Z, X1234567L, B12345674)."],
    });
    const noNif = await agent.post("/back/api/shop/billingDetails", { address: "Calle de Alcalá 20", postalCode: "28014", city: "Madrid" });
    expectEnvelope(noNif, 422);
    expect(noNif.body.data.errors).toEqual({ taxId: ["Indique su NIF: debe figurar en la factura."] });
    expect(await tableCounts(suite.db)).toEqual(before);

    // Ten times at once (a double click, a retry): one profile, the same answer each time.
    const body = { companyName: "", address: "Calle de Alcalá 20", postalCode: "28014", city: "Madrid", taxId: "12.345.678-z" };
    const saved = await Promise.all(Array.from({ length: 10 }, () => agent.post("/back/api/shop/billingDetails", body)));
    for (const reply of saved) {
      expectEnvelope(reply, 200);
      expect(reply.body.message).toBe("Sus datos de facturación se han guardado.");
      expect(reply.body.data).toMatchObject({
        address: "Calle de Alcalá 20",
        postalCode: "28014",
        city: "Madrid",
        taxId: "12345678Z",
        companyName: null,
        missing: [],
      });
    }
    const profiles = await suite.db.select().from(billingProfiles).where(eq(billingProfiles.userId, id));
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ country: "ES", taxId: "12345678Z", companyName: null });

    const { invoice, text } = await payAndRead(agent);
    expect(invoice.number).toMatch(/^ES-\d{4}-\d{6}$/);
    expectSellerOf("es", text);
    for (const expected of [
      `${user.firstName} ${user.lastName}`,
      "Calle de Alcalá 20",
      "28014 Madrid",
      "NIF 12345678Z",
      "Función: Farmacéutico",
      "IVA 21 %",
      "Real Decreto 1619/2012",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("pharmacist");
  });

  test("France and Belgium: the invoice's seller is the one legal identity, the buyer's address and VAT number, the function and VAT lines translated", async () => {
    const french = await buyer("fr", "fr-invoice");
    await cartWith(french.agent, "fr", "preparer");
    const fr = await payAndRead(french.agent);
    expectSellerOf("fr", fr.text);
    for (const expected of [
      `${french.user.firstName} ${french.user.lastName}`,
      "12 place du Marché",
      "69003 Lyon",
      "N° TVA intracommunautaire FR32 123456789",
      "Fonction : Préparateur",
      "TVA 0 %",
      "TVA non applicable – article 261-4-4°-a du CGI",
      "indemnité forfaitaire pour frais de recouvrement de 40 €",
    ]) {
      expect(fr.text, expected).toContain(expected);
    }
    expect(fr.text).not.toContain("preparer");
    expect(fr.invoice.seller).toEqual(invoiceSeller("fr"));

    // A Belgian company buyer: its VAT number is required (fr-BE message), checked (mod 97), then printed.
    const belgian = await buyer("be", "be-company");
    await cartWith(belgian.agent, "be");
    const company = { companyName: "Pharmacie Dupont SRL", address: "Avenue Louise 54", postalCode: "1050", city: "Ixelles" };
    const missing = await belgian.agent.post("/back/api/shop/billingDetails", company);
    expectEnvelope(missing, 422);
    expect(missing.body.data.errors).toEqual({ taxId: ["Indiquez ce numéro : il doit figurer sur la facture."] });
    const wrong = await belgian.agent.post("/back/api/shop/billingDetails", { ...company, postalCode: "10500", taxId: "BE 0412.345.615" });
    expect(wrong.body.data.errors).toEqual({
      postalCode: ["Code postal invalide (4 chiffres)."],
      taxId: ["Numéro de TVA invalide : BE suivi de 10 chiffres (0123.456.749), dont les deux derniers sont la clé de contrôle."],
    });
    expectEnvelope(await belgian.agent.post("/back/api/shop/billingDetails", { ...company, taxId: "BE 0412.345.614" }), 200);
    const be = await payAndRead(belgian.agent);
    expectSellerOf("be", be.text);
    for (const expected of [
      `${belgian.user.firstName} ${belgian.user.lastName}`,
      "Pharmacie Dupont SRL",
      "Avenue Louise 54",
      "1050 Ixelles",
      "N° TVA BE0412345614",
      "Fonction : Pharmacien",
      "TVA 21 %",
      "loi du 2 août 2002",
    ]) {
      expect(be.text, expected).toContain(expected);
    }
  });

  test("a credit note: the seller from the one source, the function translated, no payment terms nor late-payment penalty", async () => {
    const { agent } = await buyer("fr", "credited");
    await cartWith(agent, "fr", "pharmacist", 1);
    const { invoice } = await payAndRead(agent);
    const admin = suite.agent(on("fr"));
    expectEnvelope(await admin.login("admin@demo.test"), 200);
    const issued = await admin.post(`/back/api/admin/invoices/${invoice.id}/creditNote`, { confirm: true });
    expectEnvelope(issued, 201);
    const pdf = await admin.fetchRaw("GET", `/back/api/admin/invoices/${issued.body.data.creditNote.id}/pdf`, {});
    const text = extractPdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\n/g, " ");
    expect(text).toContain(`Avoir n° ${issued.body.data.creditNote.number}`);
    expectSellerOf("fr", text);
    expect(text).toContain("Fonction : Pharmacien");
    for (const absent of ["escompte", "retard de paiement", "pharmacist"]) expect(text, absent).not.toContain(absent);
  });

  test("a pharmacy buying: invoiced to the pharmacy; only its holder or a referent may complete its details", async () => {
    const [account] = await suite.db
      .insert(accounts)
      .values({ name: `Farmacia Tienda ${backend}`, brand: "es", country: "ES", address: "Calle Mayor 1", postalCode: "28013", city: "Madrid" })
      .returning();
    await suite.db.insert(contracts).values({ accountId: account.id, type: "shop", productName: "Tienda", validFrom: "2020-01-01" });
    const people = await suite.db
      .insert(users)
      .values(
        ["referent", "learner"].map((role) => ({
          email: `${role}-pharmacy-shop-${backend}@shop.test`,
          passwordHash: "not-used",
          firstName: role === "referent" ? "Rosa" : "Luis",
          lastName: "Tienda",
          brand: "es",
          locale: "es-ES",
        })),
      )
      .returning();
    await suite.db.insert(memberships).values([
      { userId: people[0].id, accountId: account.id, role: "referent" },
      { userId: people[1].id, accountId: account.id, role: "learner" },
    ]);
    const referent = await agentFor(suite, people[0].id, account.id, on("es"));
    const learner = await agentFor(suite, people[1].id, account.id, on("es"));

    const seen = await learner.get("/back/api/shop/billingDetails");
    expectEnvelope(seen, 200);
    expect(seen.body.data).toMatchObject({ buyer: "pharmacy", companyName: account.name, address: "Calle Mayor 1", missing: ["taxId"], editable: false });
    await cartWith(learner, "es");
    expectEnvelope(await learner.get("/back/api/shop/getPaymentToken", { headers: csrfHeader(learner) }), 409);
    const refused = await learner.post("/back/api/shop/billingDetails", { address: "Calle Mayor 1", postalCode: "28013", city: "Madrid", taxId: "B12345674" });
    expectEnvelope(refused, 403);
    expect(refused.body.message).toBe("Solo el titular y los responsables de la farmacia pueden modificar sus datos de facturación.");
    expect((await suite.db.select().from(accounts).where(eq(accounts.id, account.id)))[0].taxId).toBeNull();

    const done = await referent.post("/back/api/shop/billingDetails", { address: "Calle Mayor 1", postalCode: "28013", city: "Madrid", taxId: "a28004323" });
    expectEnvelope(done, 200);
    expect(done.body.data).toMatchObject({ buyer: "pharmacy", taxId: "A28004323", missing: [], editable: true });
    const { text } = await payAndRead(learner);
    for (const expected of ["Luis Tienda", account.name, "Calle Mayor 1", "28013 Madrid", "NIF A28004323"]) expect(text, expected).toContain(expected);
  });

  test("billing details: 401 for a guest, 403 outside the shop, 419 without the CSRF header, and nothing is written", async () => {
    const guest = suite.agent(on("fr"));
    await guest.csrf();
    const member = suite.agent(on("fr"));
    expectEnvelope(await member.login("learner@demo.test"), 200);
    const customer = await buyer("fr", "csrf-billing", { billing: false });
    const before = await tableCounts(suite.db);
    const body = { address: "1 rue X", postalCode: "69001", city: "Lyon" };
    expectEnvelope(await guest.get("/back/api/shop/billingDetails"), 401);
    expectEnvelope(await guest.post("/back/api/shop/billingDetails", body), 401);
    expectEnvelope(await member.get("/back/api/shop/billingDetails"), 403);
    expectEnvelope(await member.post("/back/api/shop/billingDetails", body), 403);
    expectEnvelope(await customer.agent.post("/back/api/shop/billingDetails", body, { csrf: false }), 419);
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("the journal: a free order's 0 EUR invoice is in the CSV and the xlsx, and the month's numbers follow without gap", async () => {
    const { agent } = await buyer("fr", "free-journal");
    await cartWith(agent, "fr", "pharmacist", 2);
    await createCode(suite.db, { code: `JOURNAL-${backend}`, value: 10000 });
    expect((await agent.post(`/back/api/shop/addDiscount/JOURNAL-${backend}`, {})).body.data.totalWithVat).toBe(0);
    const free = await agent.post("/back/api/shop/freePayment", {});
    expectEnvelope(free, 200);
    const number = free.body.data.invoice.number as string;
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.number, number));
    expect(invoice.totalWithVatCents).toBe(0);

    const admin = suite.agent(on("fr"));
    expectEnvelope(await admin.login("admin@demo.test"), 200);
    const { from, to } = monthOf(toParisDate(invoice.issuedAt));
    const issued = await suite.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.brand, "fr"), eq(invoices.year, invoice.year), ne(invoices.kind, "creditNote")));
    const inMonth = issued
      .filter((i) => toParisDate(i.issuedAt) >= from && toParisDate(i.issuedAt) <= to)
      .map((i) => i.number)
      .sort();
    const consecutive = (numbers: string[]) => {
      const sequences = numbers.map((n) => Number(n.slice(-6)));
      expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => sequences[0] + i));
    };

    const csv = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=fr&from=${from}&to=${to}&format=csv`, {});
    expect(csv.status).toBe(200);
    const rows = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .map((r) => r.split(";"));
    expect(rows.find((r) => r[3] === number)).toEqual(["VT", expect.any(String), "411000", number, expect.stringContaining(number), "0,00", ""]);
    const csvInvoices = [
      ...new Set(
        rows
          .slice(1)
          .map((r) => r[3])
          .filter((n) => /^FR-\d{4}-\d{6}$/.test(n)),
      ),
    ].sort();
    expect(csvInvoices).toEqual(inMonth);
    consecutive(csvInvoices);

    const xlsx = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=fr&from=${from}&to=${to}&format=xlsx`, {});
    const sheet = readFirstSheet(new Uint8Array(await xlsx.arrayBuffer()));
    expect(sheet.find((r) => r[3] === number)?.slice(0, 6)).toEqual(["VT", expect.any(String), "411000", number, expect.stringContaining(number), "0"]);
    const sheetInvoices = [
      ...new Set(
        sheet
          .slice(1)
          .map((r) => r[3])
          .filter((n) => /^FR-\d{4}-\d{6}$/.test(n ?? "")),
      ),
    ].sort();
    expect(sheetInvoices).toEqual(inMonth);
  });

  test("the demo data: numbers per brand, series and year run from 1 without gap in issue-date order; each pharmacy's last order is its newest", async () => {
    const rows = await suite.db.select().from(invoices).orderBy(asc(invoices.brand), asc(invoices.year), asc(invoices.sequence));
    const series = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) {
      const key = `${row.brand} ${row.kind === "creditNote" ? "creditNote" : "invoice"} ${row.year}`;
      series.set(key, [...(series.get(key) ?? []), row]);
    }
    expect(series.size).toBeGreaterThanOrEqual(3);
    const counters = await suite.db.select().from(invoiceCounters);
    for (const [key, documents] of series) {
      expect(
        documents.map((d) => d.sequence),
        key,
      ).toEqual(documents.map((_, i) => i + 1));
      for (let i = 1; i < documents.length; i++)
        expect(documents[i].issuedAt.getTime(), `${key}: ${documents[i].number}`).toBeGreaterThanOrEqual(documents[i - 1].issuedAt.getTime());
      for (const d of documents) expect(d.number.endsWith(String(d.sequence).padStart(6, "0")), d.number).toBe(true);
      const [brand, kind, year] = key.split(" ");
      expect(counters.find((c) => c.brand === brand && c.series === kind && c.year === Number(year))?.lastNumber, key).toBe(documents.length);
    }
    // Every demo invoice prints its brand's legal identity.
    for (const row of rows) expect(row.seller, row.number).toEqual(invoiceSeller(row.brand));

    const withOrders = await suite.db.selectDistinct({ accountId: orders.accountId, brand: orders.brand }).from(orders).where(eq(orders.kind, "shop"));
    for (const { accountId, brand } of withOrders) {
      if (accountId === null) continue;
      const all = await suite.db
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.brand, brand), eq(orders.kind, "shop")));
      const newest = Math.max(...all.map((o) => o.createdAt.getTime()));
      expect((await findLastOrderOfAccount(suite.db, accountId, brand))!.createdAt.getTime()).toBe(newest);
    }
  });

  test("the legal notice renders each brand's identity from the one source, and no page names another", async () => {
    for (const [brand, host, path] of [
      ["fr", "localhost", "/pages/mentions-legales"],
      ["be", "be.localhost", "/pages/mentions-legales"],
      ["es", "es.localhost", "/pages/aviso-legal"],
    ] as const) {
      const page = await pageRequest(suite.origin, path, { host, language: LANGUAGE[brand] });
      expect(page.status, path).toBe(200);
      const text = page.text.replace(/&#x27;|&#39;/g, "'");
      const identity = LEGAL_IDENTITIES[brand];
      for (const expected of [identity.legalName, identity.registration, identity.vatNumber, identity.address.street])
        expect(text, `${brand} ${expected}`).toContain(expected);
      if (identity.trainingDeclaration) expect(text).toContain(identity.trainingDeclaration.number);
      if (identity.dpcRegistration) expect(text).toContain(`n° ${identity.dpcRegistration}`);
      for (const stale of ["Formapharm", "11 75 54321 75"]) expect(text, `${brand} ${stale}`).not.toContain(stale);
    }
  });
});
