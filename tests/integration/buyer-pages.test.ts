// Every page and message a buyer sees, on each brand's host, in the buyer's language and the brand's look (issue 28,
// item 6): the sandbox payment page and its error pages, the error page of an invoice link, /favicon.ico, the cart's
// Belgian tax words. The cheque instructions (item 7): payee, postal address, amount and the reference to write, on the
// order page and in the mail sent when the cheque order is made, once per order even when the request comes ten
// times at once. The browser's own language is deliberately another one: on a brand's host the host decides, as
// the web tier's pages do (ADR 0003).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { BRANDS, type BrandKey } from "#core/branding/brands.ts";
import { LEGAL_IDENTITIES } from "#core/branding/legal-identities.ts";
import { formatMoney } from "#core/domain/money.ts";
import { orders } from "../../server/db/schema/index.ts";
import { claimChequeInstructionsMail } from "../../server/back/modules/shop/cheque-instructions.repository.ts";
import { escapeHtml } from "../../server/mail/templates.ts";
import { signSandboxToken } from "../../server/payments/sandbox.ts";
import { agentFor } from "./enrolment-helpers.ts";
import { createShopBuyers, csrfHeader, storeTrainings } from "./shop-helpers.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { pageRequest } from "./support/page-request.ts";
import { ROOT, TEST_SECRET } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";
import { mailsTo } from "../support/mailbox.ts";

const HTML = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const ACCEPTED = "4242 4242 4242 4242";

type HostCase = {
  host: string;
  brand: BrandKey;
  locale: "fr-FR" | "fr-BE" | "es-ES";
  /** The browser's language: another one, the host wins. */
  browser: string;
  shopPath: string;
  orderPath: string;
  loginPath: string;
  text: {
    sandboxTitle: string;
    cancelled: string;
    cardLabel: string;
    unknownCard: string;
    tokenInvalid: string;
    notPending: string;
    csrf: string;
    orderNotFound: string;
    loginRequired: string;
    payee: string;
    reference: string;
    chequeMail: RegExp;
  };
  /** Words of the other language that must not show. */
  foreign: RegExp;
};

const FRENCH_TEXT: HostCase["text"] = {
  sandboxTitle: "Paiement sécurisé (bac à sable)",
  cancelled: "Vous avez annulé le paiement",
  cardLabel: "Numéro de carte",
  unknownCard: "Carte de test inconnue",
  tokenInvalid: "Ce lien de paiement est invalide ou a expiré.",
  notPending: "Cette commande n'est plus en attente de paiement.",
  csrf: "Votre session a expiré ou le formulaire est périmé",
  orderNotFound: "Cette commande n'existe pas.",
  loginRequired: "Vous devez être connecté.",
  payee: "À l'ordre de",
  reference: "Au dos du chèque",
  chequeMail: /attend votre chèque/,
};

const CASES: HostCase[] = [
  {
    host: "localhost",
    brand: "fr",
    locale: "fr-FR",
    browser: "es-ES,es;q=0.9",
    shopPath: "/boutique",
    orderPath: "/boutique/commande",
    loginPath: "/connexion",
    text: FRENCH_TEXT,
    foreign: /Pago seguro|Número de tarjeta|Pedido|tarjeta/,
  },
  {
    host: "be.localhost",
    brand: "be",
    locale: "fr-BE",
    browser: "en-US,en;q=0.9",
    shopPath: "/boutique",
    orderPath: "/boutique/commande",
    loginPath: "/connexion",
    text: FRENCH_TEXT,
    foreign: /Secure payment|Card number|Pago seguro|tarjeta/,
  },
  {
    host: "es.localhost",
    brand: "es",
    locale: "es-ES",
    browser: "fr-FR,fr;q=0.9",
    shopPath: "/tienda",
    orderPath: "/tienda/pedido",
    loginPath: "/conexion",
    text: {
      sandboxTitle: "Pago seguro (entorno de pruebas)",
      cancelled: "Ha cancelado el pago",
      cardLabel: "Número de tarjeta",
      unknownCard: "Tarjeta de prueba desconocida",
      tokenInvalid: "Este enlace de pago no es válido o ha caducado.",
      notPending: "Este pedido ya no está pendiente de pago.",
      csrf: "Su sesión ha caducado o el formulario está obsoleto",
      orderNotFound: "Este pedido no existe.",
      loginRequired: "Debe iniciar sesión.",
      payee: "A la orden de",
      reference: "En el reverso del cheque",
      chequeMail: /espera su cheque/,
    },
    foreign: /Paiement|Numéro de carte|Commande|carte/,
  },
];

const omitId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;

/** The HTML page a back-served page must be: the locale, the brand's title, logo, favicon and colour. */
function expectBrandedPage(html: string, c: HostCase) {
  const brand = BRANDS[c.brand];
  expect(html).toMatch(/^<!doctype html>/i);
  expect(html).toContain(`<html lang="${c.locale}"`);
  expect(html).toMatch(new RegExp(`<title>[^<]+ \\| ${brand.title}</title>`));
  expect(html).toContain(`src="${brand.logo}"`);
  expect(html).toContain(`<link rel="icon" href="${brand.favicon}" type="image/svg+xml">`);
  expect(html).toContain(brand.styles.primary);
  expect(html).toContain(":focus-visible");
  expect(html).not.toMatch(c.foreign);
}

describe.each(backends())("buyer pages on every brand's host (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `it-buyer-pages-${backend}-`));
  const suite = useSuite(backend, { DATA_DIR: dataDir });

  /** A shop buyer of the host's brand whose browser speaks another language, with one store training in the cart, ready to pay. */
  async function buyerWithCart(c: HostCase, tag: string): Promise<{ id: number; email: string; agent: Agent }> {
    const [id] = await createShopBuyers(suite.db, 1, `${tag}-${backend}`, c.brand);
    const agent = await agentFor(suite, id, null, { host: c.host, "accept-language": c.browser });
    const [training] = await storeTrainings(suite.db, c.brand, "formation");
    const cart = await agent.post("/back/api/shop/add/products", { products: [training.id] });
    expectEnvelope(cart, 200);
    const line = cart.body.data.products[0];
    const functions = await agent.post("/back/api/shop/getAvailableFunctions/product", { productId: line.productId });
    if (functions.body.data.length > 0) {
      expectEnvelope(await agent.post("/back/api/shop/setProductFunction/product", { productCartId: line.id, functionName: functions.body.data[0].name }), 200);
    }
    return { id, email: `${tag}-${backend}-0@shop.test`, agent };
  }

  async function startCardPayment(agent: Agent, c: HostCase): Promise<{ url: string; orderId: number }> {
    // The web tier sends its page's locale (the host's here): the order, and so the page it returns to, is in it.
    const start = await agent.get("/back/api/shop/getPaymentToken", { headers: { ...csrfHeader(agent), "accept-language": c.locale } });
    expectEnvelope(start, 200);
    return { url: start.body.data.url, orderId: start.body.data.orderId };
  }

  const postCard = (agent: Agent, url: string, csrf: string | null, card: string) =>
    agent.request("POST", url, {
      body: new URLSearchParams(csrf === null ? { card } : { _csrf: csrf, card }).toString(),
      headers: { ...HTML, "content-type": "application/x-www-form-urlencoded" },
      csrf: false,
    });

  const csrfField = (html: string) =>
    (/name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "")
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");

  for (const c of CASES) {
    test(`the sandbox payment page on ${c.host}: ${c.locale}, the brand's look, its unknown-card answer and its error pages`, async () => {
      const { agent } = await buyerWithCart(c, `sandbox-${c.brand}`);
      const { url, orderId } = await startCardPayment(agent, c);

      const page = await agent.get(url, { headers: HTML });
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expectBrandedPage(page.text, c);
      expect(page.text).toContain(escapeHtml(c.text.sandboxTitle));
      expect(page.text).toContain(`<label for="card">${c.text.cardLabel}</label>`);
      expect(page.text).toContain(`href="${c.orderPath}?order=${orderId}&amp;payment=cancelled"`);

      // Cancelling leads back to the order page, which says so and offers the cart again (the order is still pending).
      const cancelled = await pageRequest(suite.origin, `${c.orderPath}?order=${orderId}&payment=cancelled`, {
        host: c.host,
        language: c.browser,
        cookie: agent.cookieHeader(),
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.text).toMatch(new RegExp(`data-testid="order-payment-cancelled"[^>]*>${c.text.cancelled}`));
      expect(cancelled.text).toContain('data-testid="order-cart-link"');

      // An unknown card shows the form again with the message, in the same language (422, nothing paid).
      const unknown = await postCard(agent, url, csrfField(page.text), "1234 5678");
      expect(unknown.status).toBe(422);
      expectBrandedPage(unknown.text, c);
      expect(unknown.text).toMatch(new RegExp(`role="alert"[^>]*>[^<]*${escapeHtml(c.text.unknownCard)}`));
      expect(unknown.text).toContain('aria-invalid="true"');

      // The CSRF check is as strict as before: no _csrf field, no payment; a browser gets a page saying so.
      const forged = await postCard(agent, url, null, ACCEPTED);
      expect(forged.status).toBe(419);
      expectBrandedPage(forged.text, c);
      expect(forged.text).toContain(escapeHtml(c.text.csrf));
      expect((await suite.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe("pending");

      // A token that is not one, and an expired one: the same 404 page.
      const expired = signSandboxToken(TEST_SECRET, { orderId, amountCents: 100, currency: "EUR", expiresAt: Date.now() - 1000 });
      for (const token of ["not-a-token", expired]) {
        const bad = await agent.get(`/back/payments/sandbox/${token}`, { headers: HTML });
        expect(bad.status, token).toBe(404);
        expectBrandedPage(bad.text, c);
        expect(bad.text).toContain(escapeHtml(c.text.tokenInvalid));
        expect(bad.text).toContain(`href="${c.shopPath}"`);
      }
      // An API client still gets the envelope, in its own Accept-Language.
      expectEnvelope(await agent.get("/back/payments/sandbox/not-a-token"), 404);

      // Paid, then the same link again: the order is no longer pending.
      const paid = await postCard(agent, url, csrfField(page.text), ACCEPTED);
      expect(paid.status).toBe(303);
      const again = await agent.get(url, { headers: HTML });
      expect(again.status).toBe(409);
      expectBrandedPage(again.text, c);
      expect(again.text).toContain(escapeHtml(c.text.notPending));
    });

    test(`an invoice link that cannot be served answers a page in ${c.locale} on ${c.host}, not the API's JSON`, async () => {
      const { agent } = await buyerWithCart(c, `invoice-${c.brand}`);
      const { url, orderId } = await startCardPayment(agent, c);
      const page = await agent.get(url, { headers: HTML });
      expect((await postCard(agent, url, csrfField(page.text), ACCEPTED)).status).toBe(303);
      const own = await agent.fetchRaw("GET", `/back/api/shop/invoice/${orderId}`, HTML);
      expect(own.status).toBe(200);
      expect(own.headers.get("content-type")).toBe("application/pdf");

      // Another buyer of the brand: the order does not exist for them.
      const { agent: stranger } = await buyerWithCart(c, `invoice-stranger-${c.brand}`);
      for (const document of ["invoice", "creditNote"]) {
        const refused = await stranger.get(`/back/api/shop/${document}/${orderId}`, { headers: HTML });
        expect(refused.status, document).toBe(404);
        expectBrandedPage(refused.text, c);
        expect(refused.text).toContain(escapeHtml(c.text.orderNotFound));
      }
      // Logged out (an expired session): a page with a link to log in.
      const guest = suite.agent({ host: c.host, "accept-language": c.browser });
      const logged = await guest.get(`/back/api/shop/invoice/${orderId}`, { headers: HTML });
      expect(logged.status).toBe(401);
      expectBrandedPage(logged.text, c);
      expect(logged.text).toContain(escapeHtml(c.text.loginRequired));
      expect(logged.text).toContain(`href="${c.loginPath}"`);
      // The API's clients keep the envelope.
      expectEnvelope(await stranger.get(`/back/api/shop/invoice/${orderId}`), 404);
    });

    test(`/favicon.ico on ${c.host} is the brand's icon`, async () => {
      const reply = await pageRequest(suite.origin, "/favicon.ico", { host: c.host, headers: { accept: "image/avif,image/webp,image/*,*/*;q=0.8" } });
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(reply.text).toBe(fs.readFileSync(path.join(ROOT, "public", BRANDS[c.brand].favicon), "utf8"));
    });

    test(`a cheque order on ${c.host}: the order page and the mail say whom to pay, where to send it, how much and what to write`, async () => {
      const { agent, email } = await buyerWithCart(c, `cheque-${c.brand}`);
      const check = await agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) });
      expectEnvelope(check, 200);
      const order = check.body.data as { id: number; totalWithVat: number; currency: string };
      const { payee, address } = LEGAL_IDENTITIES[c.brand].cheques;
      const amount = formatMoney(order.totalWithVat, order.currency, c.locale);

      const page = await pageRequest(suite.origin, `${c.orderPath}?order=${order.id}`, { host: c.host, language: c.browser, cookie: agent.cookieHeader() });
      expect(page.status).toBe(200);
      const instructions = /<section[^>]*data-testid="order-cheque-instructions"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? "";
      expect(instructions, "the instructions block").not.toBe("");
      const text = instructions
        .replace(/<[^>]+>/g, " ")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/\s+/g, " ");
      for (const expected of [
        c.text.payee,
        payee,
        address.street,
        `${address.postalCode} ${address.city}`,
        amount.replace(/\s/g, " "),
        c.text.reference,
        String(order.id),
      ]) {
        expect(text, expected).toContain(expected.replace(/\s/g, " "));
      }

      const mails = mailsTo(dataDir, email);
      expect(mails, "one mail with the instructions").toHaveLength(1);
      const [mail] = mails;
      expect(mail).toMatch(c.text.chequeMail);
      // The sender is the brand (its name, MAIL_FROM's address), encoded as RFC 2047 says when it is not ASCII.
      const title = BRANDS[c.brand].title;
      expect(mail).toMatch(new RegExp(`^From: (${title}|=\\?UTF-8\\?Q\\?${title.replaceAll(" ", "_")}\\?=) <`, "m"));
      for (const expected of [payee, address.street, `${address.postalCode} ${address.city}`, amount, String(order.id), BRANDS[c.brand].title])
        expect(mail, expected).toContain(expected);
      expect(mail).not.toMatch(c.foreign);
    });
  }

  test("/favicon.ico on the Spanish host with the campus cookie is the campus's icon", async () => {
    const reply = await pageRequest(suite.origin, "/favicon.ico", { host: "es.localhost", cookie: "campus=1" });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(fs.readFileSync(path.join(ROOT, "public", BRANDS["es-campus"].favicon), "utf8"));
  });

  test("a chosen language wins, as on the web pages: the lng cookie (the web tier then sends fr-FR, so the order returns to its French page) gives a French sandbox page on the Spanish host", async () => {
    const c = CASES[2];
    const { agent } = await buyerWithCart(c, "sandbox-lng");
    agent.cookies.set("lng", "fr-FR");
    const { url } = await startCardPayment(agent, { ...c, locale: "fr-FR", orderPath: "/boutique/commande" });
    const page = await agent.get(url, { headers: HTML });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="fr-FR"');
    expect(page.text).toContain(escapeHtml(FRENCH_TEXT.sandboxTitle));
    expect(page.text).toContain(`src="${BRANDS.es.logo}"`);
  });

  test("the Belgian cart and order pages use the Belgian tax words (HTVA, TVAC)", async () => {
    const c = CASES[1];
    const { agent } = await buyerWithCart(c, "be-words");
    const cart = await pageRequest(suite.origin, "/boutique/panier", { host: c.host, language: c.browser, cookie: agent.cookieHeader() });
    expect(cart.status).toBe(200);
    const main = /<main[\s\S]*<\/main>/.exec(cart.text)?.[0] ?? "";
    expect(main).toContain("Total HTVA");
    expect(main).toContain("Total TVAC");
    expect(main).not.toMatch(/\bHT\b|\bTTC\b/);
    const check = await agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) });
    const order = await pageRequest(suite.origin, `/boutique/commande?order=${check.body.data.id}`, {
      host: c.host,
      language: c.browser,
      cookie: agent.cookieHeader(),
    });
    const orderMain = /<main[\s\S]*<\/main>/.exec(order.text)?.[0] ?? "";
    expect(orderMain).toContain("Total TVAC");
    expect(orderMain).not.toMatch(/\bHT\b|\bTTC\b/);
  });

  test("ten cheque requests at once: each order made gets its instructions mailed exactly once, and a repeat mails nothing", async () => {
    const c = CASES[0];
    const { id, agent, email } = await buyerWithCart(c, "cheque-ten");
    const replies = await Promise.all(Array.from({ length: 10 }, () => agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) })));
    // One cart, one open order (ADR 0101): every request gets the same cheque order.
    const made = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, id), eq(orders.paymentMethod, "check")));
    expect(made).toHaveLength(1);
    for (const reply of replies) {
      expectEnvelope(reply, 200);
      expect(reply.body.data.id).toBe(made[0].id);
    }
    const mails = mailsTo(dataDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`n° ${made[0].id}`);
    // Asked again later: the same order again, and no second mail.
    const again = await agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) });
    expectEnvelope(again, 200);
    expect(again.body.data.id).toBe(made[0].id);
    expect(mailsTo(dataDir, email)).toHaveLength(1);
    // The claim the mail is sent under, asked ten times at once for an order already mailed and for a fresh one:
    // never for the first, exactly once for the second.
    const [mailed] = made;
    const fresh = (
      await suite.db
        .insert(orders)
        .values({ ...omitId(mailed), cartId: null, chequeInstructionsMailedAt: null })
        .returning()
    )[0];
    const now = new Date();
    expect(await Promise.all(Array.from({ length: 10 }, () => claimChequeInstructionsMail(suite.db, mailed.id, now)))).toEqual(Array(10).fill(false));
    expect((await Promise.all(Array.from({ length: 10 }, () => claimChequeInstructionsMail(suite.db, fresh.id, now)))).filter(Boolean)).toHaveLength(1);
  });

  test("a cheque order marked paid: the confirmation mail is in the buyer's language, with the brand", async () => {
    const c = CASES[2];
    const { agent, email } = await buyerWithCart(c, "confirmation-es");
    const check = await agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) });
    expectEnvelope(check, 200);
    const admin = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await admin.login("admin@demo.test"), 200);
    expectEnvelope(await admin.post(`/back/api/admin/shop/orders/${check.body.data.id}/markPaid`, {}), 200);
    const confirmation = mailsTo(dataDir, email).find((m) => /Su pago está confirmado/.test(m));
    expect(confirmation, "the Spanish confirmation").toBeDefined();
    expect(confirmation).toContain("AulaFarma");
    expect(confirmation).not.toMatch(c.foreign);
  });
});
