// Issue 30 item 8 (ADR 0115): a cart line is set in one round trip without JavaScript. Each line has one form with
// its function, session and funding and one button; the sessions come by date, not by city; a bad value changes
// nothing; a choice posted unchanged is not sent again (a line keeps a session that filled since). The order page
// and the invoice PDF show each line's session (day, place), function and funding. French and Spanish hosts, real
// web tier and back API, on PGlite and PostgreSQL.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { cartProducts, enrolments, faceToFaceSessions, users } from "../../server/db/schema/index.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { filledForm, formFields, formMarkup } from "./support/html-forms.ts";
import { cookieBrowser, decodeHtml } from "./support/page-request.ts";
import { useSuite } from "./support/setup.ts";
import { agentFor, createSession, parisDay } from "./enrolment-helpers.ts";
import { createShopBuyers, csrfHeader, payWithCard, storeTrainings } from "./shop-helpers.ts";

const CASES = [
  {
    brand: "fr",
    host: "localhost",
    language: "fr-FR",
    cart: "/boutique/panier",
    order: "/boutique/commande",
    updated: "Votre panier a été mis à jour.",
    invalid: "Valeur invalide.",
    printed: { function: "Fonction : ", session: "Session : ", funding: "Financement : " },
  },
  {
    brand: "es",
    host: "es.localhost",
    language: "es-ES",
    cart: "/tienda/carrito",
    order: "/tienda/pedido",
    updated: "Su carrito se ha actualizado.",
    invalid: "Valor no válido.",
    printed: { function: "Función: ", session: "Sesión: ", funding: "Financiación: " },
  },
] as const;

type Line = {
  id: number;
  productId: number;
  choices: { functions: string[]; fundings: { id: number; label: string }[]; sessions: { sessionId: number; sessionCourseId: number; city: string | null }[] };
};

describe.each(backends())("the cart's lines, one form each, without JavaScript (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  /** The markup of one line's form on the cart page (the page has one per line). */
  const lineForm = (html: string, productId: number) => {
    const at = html.indexOf(`data-product-id="${productId}"`);
    expect(at, `cart line ${productId}`).toBeGreaterThan(-1);
    return formMarkup(html.slice(at), "cart-line-form");
  };

  test.each(CASES)("two trainings set in one submit each, sessions by date, shown on the order page and the invoice ($brand)", async (c) => {
    // A face-to-face training that offers functions and fundings, and an e-learning without sessions.
    const faceToFace = (await storeTrainings(suite.db, c.brand, "faceToFaceOnly")).find((t) => t.availableFunctions.length > 0);
    const elearning = (await storeTrainings(suite.db, c.brand, "formation")).find((t) => t.availableFunctions.length > 0);
    expect(faceToFace && elearning, "store trainings with functions").toBeTruthy();
    // Two sessions whose cities sort the other way round from their dates.
    const later = await createSession(suite.db, faceToFace!.id, { seats: 10, day: parisDay(400) });
    const sooner = await createSession(suite.db, faceToFace!.id, { seats: 10, day: parisDay(390) });
    await suite.db.update(faceToFaceSessions).set({ city: "Albacete", marketingCity: null }).where(eq(faceToFaceSessions.id, later.session.id));
    await suite.db.update(faceToFaceSessions).set({ city: "Zaragoza", marketingCity: null }).where(eq(faceToFaceSessions.id, sooner.session.id));

    const [buyerId] = await createShopBuyers(suite.db, 1, `line-form-${c.brand}-${backend}`, c.brand);
    const agent = await agentFor(suite, buyerId, null, { "x-forwarded-host": c.host, "accept-language": c.language });
    expectEnvelope(await agent.post("/back/api/shop/add/products", { products: [faceToFace!.id, elearning!.id] }), 200);
    const lines = ((await agent.get("/back/api/shop/cart")).body.data.products as Line[]).sort((a, b) =>
      a.productId === faceToFace!.id ? -1 : b.productId === faceToFace!.id ? 1 : 0,
    );
    const browser = cookieBrowser(suite.origin, agent.cookies, { host: c.host, language: c.language });

    const page = decodeHtml((await browser.get(c.cart)).text);
    // One form per line, one submit button each; no other form sets a line's choices.
    expect(page.match(/data-testid="cart-line-form"/g)).toHaveLength(2);
    const first = lineForm(page, faceToFace!.id);
    expect(first.match(/type="submit"/g)).toHaveLength(1);
    expect(first).toContain('name="functionName"');
    expect(first).toContain('name="session"');
    // The sessions by date: the one in Zaragoza (sooner) before the one in Albacete (later).
    const sessionValues = [...first.matchAll(/<option value="(\d+:\d+)"/g)].map((m) => m[1]);
    const at = (id: number) => sessionValues.findIndex((v) => v.startsWith(`${id}:`));
    expect(at(sooner.session.id)).toBeGreaterThan(-1);
    expect(at(sooner.session.id)).toBeLessThan(at(later.session.id));

    // A bad session value: refused with the reason, nothing changes.
    const before = await tableCounts(suite.db);
    const bad = await browser.send(c.cart, {
      method: "POST",
      body: filledForm(page.slice(page.indexOf(`data-product-id="${faceToFace!.id}"`)), "cart-line-form", {
        functionName: lines[0].choices.functions[0],
        session: "12:abc",
      }),
    });
    expect(bad.status).toBe(302);
    expect(decodeHtml((await browser.get(c.cart)).text)).toContain(c.invalid);
    const untouched = await suite.db.select().from(cartProducts).where(eq(cartProducts.id, lines[0].id));
    expect(untouched[0]).toMatchObject({ functionName: null, sessionId: null, fundingId: null });
    expect(await tableCounts(suite.db)).toEqual(before);

    // Each line: function, session and funding in one POST.
    const chosen = lines.map((line) => ({
      line,
      functionName: line.choices.functions[0],
      session: line.choices.sessions.length ? `${sooner.session.id}:${sooner.group.id}` : null,
      funding: line.choices.fundings[0] ?? null,
    }));
    for (const choice of chosen) {
      const html = decodeHtml((await browser.get(c.cart)).text);
      const changes: Record<string, string> = { functionName: choice.functionName };
      if (choice.session) changes.session = choice.session;
      if (choice.funding) changes.fundingId = String(choice.funding.id);
      const body = filledForm(html.slice(html.indexOf(`data-product-id="${choice.line.productId}"`)), "cart-line-form", changes);
      expect(new URLSearchParams(body).get("intent")).toBe("line");
      const reply = await browser.send(c.cart, { method: "POST", body });
      expect(reply.status, reply.text.slice(0, 300)).toBe(302);
      expect(decodeHtml((await browser.get(c.cart)).text)).toContain(c.updated);
      const [stored] = await suite.db.select().from(cartProducts).where(eq(cartProducts.id, choice.line.id));
      expect(stored).toMatchObject({
        functionName: choice.functionName,
        sessionId: choice.session ? sooner.session.id : null,
        fundingId: choice.funding?.id ?? null,
      });
    }
    expect(
      chosen.some((choice) => choice.funding),
      "a line with a funding",
    ).toBe(true);

    // The page shows the choices back: every select of each line's form holds what was chosen.
    const refilled = decodeHtml((await browser.get(c.cart)).text);
    expect(Object.fromEntries(formFields(lineForm(refilled, faceToFace!.id)))).toMatchObject({
      functionName: chosen[0].functionName,
      session: chosen[0].session,
    });

    // The session fills up after it was chosen: changing only the funding still works (the session is not sent again).
    const otherFunding = chosen[0].line.choices.fundings.at(-1);
    if (otherFunding) {
      // Full: one real booking (the database counts seats from bookings, ADR 0111) and no seat beyond it.
      const [taker] = await suite.db
        .insert(users)
        .values({ email: `taker-${sooner.session.id}@seats.test`, passwordHash: "not-used", firstName: "Taker", lastName: "Seat", profession: "pharmacist" })
        .returning({ id: users.id });
      const [booking] = await suite.db
        .insert(enrolments)
        .values({ userId: taker.id, trainingId: faceToFace!.id, status: "pending", sessionId: sooner.session.id })
        .returning({ id: enrolments.id });
      await suite.db.update(faceToFaceSessions).set({ maxParticipants: 1 }).where(eq(faceToFaceSessions.id, sooner.session.id));
      const reply = await browser.send(c.cart, {
        method: "POST",
        body: filledForm(refilled.slice(refilled.indexOf(`data-product-id="${faceToFace!.id}"`)), "cart-line-form", { fundingId: String(otherFunding.id) }),
      });
      expect(reply.status).toBe(302);
      expect(decodeHtml((await browser.get(c.cart)).text)).toContain(c.updated);
      const [stored] = await suite.db
        .select()
        .from(cartProducts)
        .where(and(eq(cartProducts.id, chosen[0].line.id)));
      expect(stored).toMatchObject({ sessionId: sooner.session.id, fundingId: otherFunding.id });
      chosen[0].funding = otherFunding;
      await suite.db.delete(enrolments).where(eq(enrolments.id, booking.id));
      await suite.db.update(faceToFaceSessions).set({ maxParticipants: 10 }).where(eq(faceToFaceSessions.id, sooner.session.id));
    }

    // Paid by card: the order page and the invoice name each line's function, session and funding.
    const { start, pay } = await payWithCard(agent, "4242424242424242", c.order);
    expect((await pay()).status).toBeLessThan(400);
    const orderId = start.body.data.orderId as number;
    const orderPage = decodeHtml((await browser.get(`${c.order}?order=${orderId}`)).text);
    expect(orderPage).toContain('data-status="paid"');
    const day = new Intl.DateTimeFormat(c.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${parisDay(390)}T12:00:00Z`));
    expect(orderPage).toContain(`${day} · Zaragoza`);
    expect(orderPage).not.toContain("Albacete");
    for (const choice of chosen) if (choice.funding) expect(orderPage).toContain(choice.funding.label);
    expect(orderPage.match(/data-testid="order-line-function"/g)).toHaveLength(2);
    expect(orderPage.match(/data-testid="order-line-session"/g)).toHaveLength(1);

    const pdf = await agent.fetchRaw("GET", `/back/api/shop/invoice/${orderId}`, csrfHeader(agent));
    expect(pdf.status).toBe(200);
    const text = extractPdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\n/g, " ");
    const longDay = new Intl.DateTimeFormat(c.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${parisDay(390)}T12:00:00Z`));
    expect(text).toContain(`${c.printed.session}${longDay}, Zaragoza`);
    expect(text.split(c.printed.function)).toHaveLength(3);
    for (const choice of chosen) if (choice.funding) expect(text).toContain(`${c.printed.funding}${choice.funding.label}`);
  });
});
