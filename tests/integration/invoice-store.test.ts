// One invoice store (ADR 0075): the invoices of funding requests' payers live in `invoices` with the shop's. The
// pharmacy's invoices tab (list, detail, PDF, ZIP) shows its own share and never the funder's invoice nor another
// pharmacy's; the admin accounting export holds every payer's invoices, balanced. Who is invoiced follows ADR 0103:
// a FUNDAE request invoices the pharmacy only (Farmacia Gran Vía), a DPC request the ANDPC (Pharmacie du Marché).
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { monthOf } from "#core/domain/accounting.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { accounts, fundingRequests, invoices } from "../../server/db/schema/index.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { cookieBrowser } from "./support/page-request.ts";

describe.each(backends())("one invoice store (%s)", (backend) => {
  const suite = useSuite(backend);

  async function as(email: string, host = "localhost", language = "fr-FR"): Promise<Agent> {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    await agent.csrf();
    return agent;
  }
  const csrf = (agent: Agent) => ({ "content-type": "application/json", "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!) });

  async function fundingInvoicesOf(accountName: string) {
    const [account] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, accountName));
    const requests = await suite.db.select({ id: fundingRequests.id }).from(fundingRequests).where(eq(fundingRequests.accountId, account.id));
    return suite.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.kind, "funding"),
          inArray(
            invoices.fundingRequestId,
            requests.map((r) => r.id),
          ),
        ),
      );
  }

  test("the pharmacy's list, detail, PDF and ZIP include its share of a funding request", async () => {
    const rows = await fundingInvoicesOf("Farmacia Gran Vía");
    const own = rows.filter((r) => r.payer === "pharmacy");
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => r.payer === "funder")).toEqual([]);
    for (const r of rows) expect(r.orderId).toBeNull();

    const spanish = await as("referent.es@demo.test", "es.localhost", "es-ES");
    const list = await spanish.get("/back/api/referent/invoices");
    expectEnvelope(list, 200);
    const listed = list.body.data.invoices as {
      id: number;
      kind: string;
      number: string;
      orderId: number | null;
      fundingRequestId: number | null;
      totalWithVat: number;
    }[];
    const ids = listed.map((i) => i.id);
    for (const r of own) expect(ids).toContain(r.id);
    const share = listed.find((i) => i.id === own[0].id)!;
    expect(share).toMatchObject({
      kind: "funding",
      orderId: null,
      fundingRequestId: own[0].fundingRequestId,
      number: own[0].number,
      totalWithVat: own[0].totalWithVatCents,
    });
    // Shop invoices are still there, and the Spanish bonificaciones list stays the shop's FUNDAE-funded orders.
    const shop = listed.filter((i) => i.kind === "order");
    expect(shop.length).toBeGreaterThanOrEqual(1);
    const bonificaciones = (await spanish.get("/back/api/referent/bonificacionesInvoices")).body.data.invoices as { kind: string }[];
    expect(bonificaciones.every((i) => i.kind === "order")).toBe(true);

    // The invoices page marks the funding share; its detail page prints the one funded line.
    const page = await spanish.get("/administracion/mi-farmacia/facturas", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(own[0].number);
    expect(page.text).toContain("Financiación: parte a cargo de la farmacia");
    const detailPage = await spanish.get(`/administracion/mi-farmacia/facturas/${own[0].id}`, { headers: { accept: "text/html" } });
    expect(detailPage.status).toBe(200);
    expect(detailPage.text).toContain("Financiación: parte a cargo de la farmacia");

    const detail = await spanish.get(`/back/api/referent/invoice/${own[0].id}`);
    expectEnvelope(detail, 200);
    expect(detail.body.data.lines).toHaveLength(1);
    expect(detail.body.data.lines[0]).toMatchObject({ price: own[0].totalCents, discount: 0, net: own[0].totalCents });

    const pdf = await spanish.fetchRaw("GET", `/back/api/referent/invoice/${own[0].id}/pdf`, {});
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toContain(`${own[0].number}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const zip = await spanish.fetchRaw("POST", "/back/api/referent/mFactures", csrf(spanish), JSON.stringify({ factures: [own[0].id, shop[0].id] }));
    expect(zip.status).toBe(200);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.includes(Buffer.from(`${own[0].number}.pdf`))).toBe(true);
    expect(bytes.includes(Buffer.from(`${shop[0].number}.pdf`))).toBe(true);

    // The request page's link to the share, as a browser without JavaScript follows it: a private PDF.
    const browser = cookieBrowser(suite.origin, spanish.cookies, { host: "es.localhost", language: "es-ES" });
    const linked = await browser.get(`/administracion/mi-farmacia/bonificaciones/${own[0].fundingRequestId}/factura/pharmacy`);
    expect(linked.status).toBe(200);
    expect(linked.headers["content-type"]).toBe("application/pdf");
    expect(linked.headers["cache-control"]).toBe("private, no-store");
    expect(linked.headers["content-disposition"]).toContain(`${own[0].number}.pdf`);
    expect((await browser.get(`/administracion/mi-farmacia/bonificaciones/${own[0].fundingRequestId}/factura/nadie`)).status).toBe(404);
  });

  test("the funder's invoice is never in the pharmacy's invoices tab, and stays on the request's page", async () => {
    const funder = (await fundingInvoicesOf("Pharmacie du Marché")).filter((r) => r.payer === "funder");
    expect(funder.length).toBeGreaterThanOrEqual(1);
    const holder = await as("holder@demo.test");
    const list = (await holder.get("/back/api/referent/invoices")).body.data.invoices as { id: number }[];
    const [shop] = list;
    expect(shop, "the pharmacy has shop invoices").toBeDefined();
    for (const r of funder) expect(list.map((i) => i.id)).not.toContain(r.id);
    // 404 everywhere in the invoices tab, the whole ZIP refused.
    expectEnvelope(await holder.get(`/back/api/referent/invoice/${funder[0].id}`), 404);
    expect((await holder.fetchRaw("GET", `/back/api/referent/invoice/${funder[0].id}/pdf`, {})).status).toBe(404);
    expect((await holder.fetchRaw("POST", "/back/api/referent/invoices", csrf(holder), JSON.stringify({ factures: [shop.id, funder[0].id] }))).status).toBe(
      404,
    );
    expect((await holder.get(`/gestion/ma-pharmacie/factures/${funder[0].id}`, { headers: { accept: "text/html" } })).status).toBe(404);
    // It stays downloadable from the request's page (dpec/invoice), the same PDF module, and through its link.
    const funderPdf = await holder.fetchRaw(
      "POST",
      "/back/api/referent/dpec/invoice",
      csrf(holder),
      JSON.stringify({ dpecId: funder[0].fundingRequestId, payer: "funder" }),
    );
    expect(funderPdf.status).toBe(200);
    expect(funderPdf.headers.get("content-disposition")).toContain(`${funder[0].number}.pdf`);
    const browser = cookieBrowser(suite.origin, holder.cookies, { host: "localhost", language: "fr-FR" });
    const linked = await browser.get(`/gestion/ma-pharmacie/prises-en-charge/${funder[0].fundingRequestId}/facture/funder`);
    expect(linked.status).toBe(200);
    expect(linked.headers["content-type"]).toBe("application/pdf");
    expect(linked.headers["content-disposition"]).toContain(`${funder[0].number}.pdf`);
  });

  test("another pharmacy's funding invoice is a 404 in the invoices tab", async () => {
    const [own] = (await fundingInvoicesOf("Farmacia Gran Vía")).filter((r) => r.payer === "pharmacy");
    const holder = await as("holder@demo.test");
    expectEnvelope(await holder.get(`/back/api/referent/invoice/${own.id}`), 404);
    expect((await holder.fetchRaw("GET", `/back/api/referent/invoice/${own.id}/pdf`, {})).status).toBe(404);
    expect((await holder.fetchRaw("POST", "/back/api/referent/invoices", csrf(holder), JSON.stringify({ factures: [own.id] }))).status).toBe(404);
    const list = (await holder.get("/back/api/referent/invoices")).body.data.invoices as { id: number }[];
    expect(list.map((i) => i.id)).not.toContain(own.id);
  });

  test("the accounting export holds every payer's funding invoice, balanced: the pharmacy's (FUNDAE) and the funder's (DPC)", async () => {
    const admin = await as("admin@demo.test");
    const cases = [
      { brand: "es", invoice: (await fundingInvoicesOf("Farmacia Gran Vía")).find((r) => r.payer === "pharmacy")! },
      { brand: "fr", invoice: (await fundingInvoicesOf("Pharmacie du Marché")).find((r) => r.payer === "funder")! },
    ];
    for (const { brand, invoice } of cases) {
      expect(invoice, brand).toBeDefined();
      const { from, to } = monthOf(toParisDate(invoice.issuedAt));
      const reply = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=${brand}&from=${from}&to=${to}&format=csv`, {});
      expect(reply.status).toBe(200);
      const lines = (await reply.text())
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n")
        .map((r) => r.split(";"));
      const cents = (v: string) => (v ? Math.round(Number(v.replace(",", ".")) * 100) : 0);
      const mine = lines.filter((l) => l[3] === invoice.number);
      expect(mine.length, invoice.number).toBeGreaterThanOrEqual(2);
      expect(mine.reduce((n, l) => n + cents(l[5]), 0)).toBe(invoice.totalWithVatCents);
      expect(mine.reduce((n, l) => n + cents(l[5]) - cents(l[6]), 0)).toBe(0);
      expect(mine[0][4]).toContain((invoice.buyer as { name: string }).name.slice(0, 10));
    }
  });
});
