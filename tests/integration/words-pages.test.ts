// Words where people read (issue 30 items 4, 6, 7), page by page over HTTP as a browser without JavaScript: the audit
// log's sentences and field-by-field difference, the user list's brands and roles, the catalogue form's fundings, the
// course page of a pharmacy member without a "coming soon" cart, and a read-only referent without creation forms.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { users } from "../../server/db/schema/index.ts";
import { recordAdminChange } from "../../server/back/modules/audit/audit.service.ts";
import { readableText } from "./support/crawl.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { pageRequest } from "./support/page-request.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("words on the pages (%s)", (backend) => {
  const suite = useSuite(backend);

  async function cookieOf(email: string, host = "localhost", language = "fr-FR"): Promise<string> {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    return agent.cookieHeader();
  }

  async function read(email: string, path: string, host = "localhost", language = "fr-FR") {
    const page = await pageRequest(suite.origin, path, { cookie: await cookieOf(email, host, language), host, language });
    expect(page.status, path).toBe(200);
    return { html: page.text, text: readableText(page.text) };
  }

  test("the audit log: a sentence per change and the fields that changed, money and dates formatted", async () => {
    const [admin] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
    await recordAdminChange(suite.context(), {
      actorId: admin.id,
      action: "order.checkConfirmed",
      entityType: "order",
      entityId: 4242,
      before: { status: "pending", totalWithVatCents: 25000, paidAt: null },
      after: { status: "paid", totalWithVatCents: 29000, paidAt: "2026-03-10T09:30:00.000Z", invoiceNumber: "FR-2026-004242" },
    });
    const { html, text } = await read("admin@demo.test", "/admin/audit?entityType=order");
    expect(text).toContain("admin@demo.test a confirmé la réception d'un chèque : Commande n° 4242.");
    expect(html).toContain("chèque\u202f: Commande"); // (French typography: a narrow no-break space before the colon)
    for (const words of ["Statut", "En attente", "Payée", "Total TTC", "250,00 €", "290,00 €", "Payée le", "10 mars 2026", "N° de facture", "FR-2026-004242"])
      expect(text, words).toContain(words);
    for (const raw of ["order.checkConfirmed", "totalWithVatCents", "pending", '"status"', "2026-03-10T09:30"]) expect(text, raw).not.toContain(raw);
    // The filter names entity types in words.
    expect(html).toMatch(/<option value="order"[^>]*>Commande<\/option>/);
  });

  test("the user list: brand names and each user's roles, never codes nor an empty column", async () => {
    const row = async (email: string) => {
      const { html } = await read("admin@demo.test", `/admin/users?q=${encodeURIComponent(email)}`);
      expect(html).not.toMatch(/<td[^>]*>(fr|be|es)<\/td>/);
      const match = new RegExp(`<tr[^>]*data-testid="user-row"[^>]*>(?:(?!</tr>).)*${email.replace(/[.]/g, "\\.")}(?:(?!</tr>).)*</tr>`, "s").exec(html);
      expect(match, email).not.toBeNull();
      return readableText(match![0]);
    };
    expect(await row("holder@demo.test")).toMatch(/France.*Titulaire/);
    expect(await row("learner.es@demo.test")).toMatch(/Espagne.*Apprenant/);
    expect(await row("multi@demo.test")).toMatch(/Apprenant, Référent|Référent, Apprenant/);
    expect(await row("shop@demo.test")).toContain("Aucun");
    expect(await row("admin@demo.test")).toContain("Administrateur");
  });

  test("the catalogue form names the fundings in words", async () => {
    const { html, text } = await read("admin@demo.test", "/admin/catalog/new");
    expect(html).toContain('value="free"');
    expect(text).toContain("Gratuite");
    expect(text).not.toMatch(/(?<![\p{L}])free(?![\p{L}])/u);
  });

  test("a pharmacy member's course page offers what they can do, no disabled cart 'coming soon'", async () => {
    for (const [email, host, language, path] of [
      ["learner@demo.test", "localhost", "fr-FR", "/dpc/asthme-bpco"],
      ["learner.es@demo.test", "es.localhost", "es-ES", "/formation/dermofarmacia-consejo"],
    ] as const) {
      const page = await pageRequest(suite.origin, path, { cookie: await cookieOf(email, host, language), host, language });
      expect(page.status, path).toBe(200);
      expect(page.text).not.toContain('data-testid="cart-button"');
      expect(page.text).not.toMatch(/arrive bientôt|llegará pronto/);
      expect(page.text).toContain('data-testid="course-actions"');
    }
  });

  test("a read-only referent is not offered forms that would be refused; a holder is", async () => {
    const readOnly = await read("referent.readonly@demo.test", "/gestion/ma-pharmacie/plan-collectif");
    expect(readOnly.html).toContain('data-testid="pharmacy-read-only"');
    expect(readOnly.text).not.toContain("Créer le plan");
    const create = await read("referent.readonly@demo.test", "/gestion/ma-pharmacie/prises-en-charge/creer");
    expect(create.html).toContain('data-testid="pharmacy-read-only"');
    expect(create.text).not.toContain("Créer la demande");
    expect(create.html).not.toContain('data-testid="funding-create-form"');
    const requests = await read("referent.readonly@demo.test", "/gestion/ma-pharmacie/prises-en-charge");
    expect(requests.html).not.toContain('href="/gestion/ma-pharmacie/prises-en-charge/creer"');

    const holder = await read("holder@demo.test", "/gestion/ma-pharmacie/plan-collectif");
    expect(holder.text).toContain("Créer le plan");
    expect((await read("holder@demo.test", "/gestion/ma-pharmacie/prises-en-charge")).html).toContain('href="/gestion/ma-pharmacie/prises-en-charge/creer"');
  });
});
