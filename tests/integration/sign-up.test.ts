// The public sign-up of shop customers (issue 30 item 1, ADR 0109) on the back API: field errors in each language
// with nothing written; a known address gets the same answer as a new one, no second account, and its owner a mail;
// the honeypot, a form sent too fast or with a forged token are refused; limits per client and per address; paying is
// refused until the address is confirmed; the confirmation link is single-use and expires, and opens the session
// with the visitor's cart. Every client gets its own address (TRUST_PROXY: X-Forwarded-For) so that the per-client
// limit of one test does not reach the others.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createSignUpFormToken } from "../../server/back/modules/signup/form-token.ts";
import { issueToken } from "../../server/back/modules/auth/tokens.ts";
import { SIGN_UP_MAX_PER_IP } from "../../server/back/modules/auth/rate-limit.ts";
import { authTokens, billingProfiles, cartProducts, carts, contracts, users } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { TEST_SECRET } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";
import { csrfHeader, storeTrainings } from "./shop-helpers.ts";
import { mailsTo } from "../support/mailbox.ts";

const HOSTS = { fr: "localhost", be: "be.localhost", es: "es.localhost" } as const;
type HostBrand = keyof typeof HOSTS;
const LANGUAGE: Record<HostBrand, string> = { fr: "fr-FR", be: "fr-BE", es: "es-ES" };

/** A valid sign-up of each brand (its country's billing rules: Spain asks a NIF). */
const VALID: Record<HostBrand, Record<string, unknown>> = {
  fr: { address: "8 rue des Acheteurs", postalCode: "69006", city: "Lyon", taxId: "" },
  be: { address: "Rue Haute 12", postalCode: "1000", city: "Bruxelles", taxId: "" },
  es: { address: "Calle del Comprador 8", postalCode: "28004", city: "Madrid", taxId: "12345678Z" },
};

let clients = 0;

describe.each(backends())("public sign-up (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `it-sign-up-${backend}-`));
  const suite = useSuite(backend, { DATA_DIR: dataDir, TRUST_PROXY: "true" });

  /** A browser of its own, from an address of its own, on a brand's host. */
  async function visitor(brand: HostBrand = "fr", ip = `10.30.${backend.length}.${++clients}`): Promise<Agent> {
    const agent = suite.agent({ "x-forwarded-host": HOSTS[brand], "accept-language": LANGUAGE[brand], "x-forwarded-for": ip });
    await agent.csrf();
    return agent;
  }

  /** A form shown ten seconds ago (a person's pace), signed like the API's own. */
  const agedToken = () => createSignUpFormToken(TEST_SECRET, new Date(Date.now() - 10_000));

  function form(brand: HostBrand, email: string, extra: Record<string, unknown> = {}) {
    return {
      firstName: "Claire",
      lastName: "Nouvelle",
      email,
      profession: "pharmacist",
      password: "bienvenue1",
      passwordConfirmation: "bienvenue1",
      companyName: "",
      ...VALID[brand],
      acceptTerms: "on",
      website: "",
      formToken: agedToken(),
      ...extra,
    };
  }

  const address = (tag: string) => `${tag}.${backend}@signup.test`;
  const userRow = async (email: string) => (await suite.db.select().from(users).where(eq(users.email, email)))[0];

  const confirmLink = (email: string) => {
    const mails = mailsTo(dataDir, email);
    const match = /\/(?:inscription\/confirmer|registro\/confirmar)\/([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? "");
    return match?.[1] ?? null;
  };

  describe("field errors in the visitor's language, nothing written", () => {
    const cases: { brand: HostBrand; message: string; errors: Record<string, string> }[] = [
      {
        brand: "fr",
        message: "Certains champs sont invalides.",
        errors: {
          firstName: "Ce champ est obligatoire.",
          email: "Saisissez une adresse e-mail valide.",
          password: "Le mot de passe doit comporter au moins 8 caractères, dont au moins une lettre et un chiffre.",
          postalCode: "Code postal invalide (5 chiffres).",
          city: "Ce champ est obligatoire.",
          taxId: "Numéro invalide : vérifiez-le (N° TVA intracommunautaire FR suivi de 11 chiffres).",
          acceptTerms: "Acceptez les conditions générales pour créer votre compte.",
        },
      },
      {
        brand: "be",
        message: "Certains champs sont invalides.",
        errors: {
          firstName: "Ce champ est obligatoire.",
          email: "Saisissez une adresse e-mail valide.",
          password: "Le mot de passe doit comporter au moins 8 caractères, dont au moins une lettre et un chiffre.",
          postalCode: "Code postal invalide (4 chiffres).",
          city: "Ce champ est obligatoire.",
          taxId: "Numéro de TVA invalide : BE suivi de 10 chiffres (0123.456.749), dont les deux derniers sont la clé de contrôle.",
          acceptTerms: "Acceptez les conditions générales pour créer votre compte.",
        },
      },
      {
        brand: "es",
        message: "Algunos campos no son válidos.",
        errors: {
          firstName: "Este campo es obligatorio.",
          email: "Introduzca un correo electrónico válido.",
          password: "La contraseña debe tener al menos 8 caracteres, con al menos una letra y un número.",
          postalCode: "Código postal no válido (5 cifras).",
          city: "Este campo es obligatorio.",
          taxId: "NIF no válido: compruebe la letra o el dígito de control (12345678Z, X1234567L, B12345674).",
          acceptTerms: "Acepte las condiciones generales para crear su cuenta.",
        },
      },
    ];

    test.each(cases)("$brand", async ({ brand, message, errors }) => {
      const agent = await visitor(brand);
      const before = await tableCounts(suite.db);
      const bad = {
        ...form(brand, "pas-une-adresse"),
        firstName: " ",
        password: "court",
        passwordConfirmation: "court",
        postalCode: "123",
        city: "",
        taxId: "XX123",
        acceptTerms: undefined,
      };
      const reply = await agent.post("/back/api/signUp", bad);
      expectEnvelope(reply, 422);
      expect(reply.body.message).toBe(message);
      expect(reply.body.data.errors).toEqual(Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, [text]])));
      expect(await tableCounts(suite.db)).toEqual(before);
      expect(mailsTo(dataDir, "pas-une-adresse")).toHaveLength(0);
    });

    test("the rules after the fields: two different passwords; Spain's NIF, a Belgian company's VAT number", async () => {
      const before = await tableCounts(suite.db);
      const fr = await (await visitor("fr")).post("/back/api/signUp", form("fr", address("differ"), { passwordConfirmation: "bienvenue2" }));
      expectEnvelope(fr, 422);
      expect(fr.body.data.errors).toEqual({ passwordConfirmation: ["Les deux mots de passe sont différents."] });
      const es = await (await visitor("es")).post("/back/api/signUp", form("es", address("nif"), { taxId: "" }));
      expectEnvelope(es, 422);
      expect(Object.keys(es.body.data.errors)).toEqual(["taxId"]);
      const be = await (await visitor("be")).post("/back/api/signUp", form("be", address("company"), { companyName: "Pharma SRL", taxId: "" }));
      expectEnvelope(be, 422);
      expect(Object.keys(be.body.data.errors)).toEqual(["taxId"]);
      expect(await tableCounts(suite.db)).toEqual(before);
    });
  });

  test("a new address: a shop customer, unconfirmed, with billing details, not logged in, and a confirmation mail", async () => {
    const email = address("new");
    const agent = await visitor("es");
    const reply = await agent.post("/back/api/signUp", form("es", email, { email: email.toUpperCase(), profession: "preparer", taxId: "12345678-z" }));
    expectEnvelope(reply, 200);
    expect(reply.body.message).toBe(
      `Revise su correo: acabamos de enviar un mensaje a ${email}. Siga su enlace para confirmar su dirección y después pague su carrito.`,
    );
    expect(reply.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
    const user = await userRow(email);
    expect(user).toMatchObject({ brand: "es", locale: "es-ES", profession: "preparer", emailConfirmedAt: null });
    expect(await suite.db.select({ type: contracts.type }).from(contracts).where(eq(contracts.userId, user.id))).toEqual([{ type: "shop" }]);
    expect(await suite.db.select().from(billingProfiles).where(eq(billingProfiles.userId, user.id))).toEqual([
      expect.objectContaining({ address: "Calle del Comprador 8", postalCode: "28004", city: "Madrid", country: "ES", taxId: "12345678Z" }),
    ]);
    const [mail] = mailsTo(dataDir, email);
    expect(mail).toContain("Gracias por registrarse en AulaFarma");
    expect(mail).toMatch(/http:\/\/es\.localhost(:\d+)?\/registro\/confirmar\/[A-Za-z0-9_-]{40,}/);
  });

  test("an address that already has an account: the same answer, no second account, the owner told by mail", async () => {
    const email = "learner@demo.test";
    const [owner] = await suite.db.select().from(users).where(eq(users.email, email));
    const fresh = await (await visitor("fr")).post("/back/api/signUp", form("fr", address("neutral")));
    const mailsBefore = mailsTo(dataDir, email).length;
    const usersBefore = (await tableCounts(suite.db)).users;
    const known = await (
      await visitor("fr")
    ).post("/back/api/signUp", form("fr", email, { firstName: "Intrus", password: "intrus123", passwordConfirmation: "intrus123" }));
    expectEnvelope(fresh, 200);
    expectEnvelope(known, 200);
    expect(known.body.message.replace(email, "X")).toBe(fresh.body.message.replace(address("neutral"), "X"));
    expect(known.body.data).toEqual({ email });
    expect(known.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
    expect((await tableCounts(suite.db)).users).toBe(usersBefore);
    // Nothing of the account changed; its owner was told.
    expect(await userRow(email)).toEqual(owner);
    const mails = mailsTo(dataDir, email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toContain("Quelqu'un (peut-être vous) vient d'essayer de créer un compte");
    expect(mails.at(-1)).toContain("Vous avez déjà un compte");
    expect(mails.at(-1)).not.toMatch(/inscription\/confirmer/);
    // The intruder's password opens nothing.
    expectEnvelope(await suite.agent().login(email, "intrus123"), 401);
  });

  test("the honeypot filled, a form sent too fast, a forged or expired form token: refused, nothing written", async () => {
    const agent = await visitor("fr");
    const before = await tableCounts(suite.db);
    const honeypot = await agent.post("/back/api/signUp", form("fr", address("robot"), { website: "http://spam.example" }));
    expectEnvelope(honeypot, 422);
    expect(honeypot.body.message).toMatch(/rempli par un programme/);
    // The API's own token, used at once: no person fills the form in no time.
    const shown = await agent.get("/back/api/signUp/form");
    expectEnvelope(shown, 200);
    const fast = await agent.post("/back/api/signUp", form("fr", address("fast"), { formToken: shown.body.data.formToken }));
    expectEnvelope(fast, 422);
    expect(fast.body.message).toMatch(/envoyé trop vite/);
    const forged = await agent.post(
      "/back/api/signUp",
      form("fr", address("forged"), { formToken: createSignUpFormToken("another-secret-0123456789", new Date(Date.now() - 10_000)) }),
    );
    expectEnvelope(forged, 422);
    expect(forged.body.message).toMatch(/formulaire a expiré/);
    const old = await agent.post(
      "/back/api/signUp",
      form("fr", address("old"), { formToken: createSignUpFormToken(TEST_SECRET, new Date(Date.now() - 25 * 3600_000)) }),
    );
    expectEnvelope(old, 422);
    expect(await tableCounts(suite.db)).toEqual(before);
    for (const tag of ["robot", "fast", "forged", "old"]) expect(mailsTo(dataDir, address(tag))).toHaveLength(0);
  });

  test(`limits: ${SIGN_UP_MAX_PER_IP} sign-ups per client and 5 mails per address in a window (429), nothing written beyond`, async () => {
    const ip = `10.99.${backend.length}.1`;
    for (let i = 0; i < SIGN_UP_MAX_PER_IP; i++)
      expectEnvelope(await (await visitor("fr", ip)).post("/back/api/signUp", form("fr", address(`burst${i}`))), 200);
    const usersBefore = (await tableCounts(suite.db)).users;
    const refused = await (await visitor("fr", ip)).post("/back/api/signUp", form("fr", address("burst-over")));
    expectEnvelope(refused, 429);
    expect(refused.body.message).toMatch(/Trop d'inscriptions ont été envoyées depuis cette connexion/);
    expect((await tableCounts(suite.db)).users).toBe(usersBefore);
    expect(await userRow(address("burst-over"))).toBeUndefined();

    // One address from many clients: its mailbox gets 5 mails, then the refusal (the same for any address).
    const target = "holder@demo.test";
    const before = mailsTo(dataDir, target).length;
    for (let i = 0; i < 5; i++) expectEnvelope(await (await visitor("fr")).post("/back/api/signUp", form("fr", target)), 200);
    const sixth = await (await visitor("fr")).post("/back/api/signUp", form("fr", target));
    expectEnvelope(sixth, 429);
    expect(sixth.body.message).toMatch(/Plusieurs e-mails ont déjà été envoyés à cette adresse/);
    expect(mailsTo(dataDir, target)).toHaveLength(before + 5);
  });

  test("paying is refused until the address is confirmed; the link confirms, logs in with the visitor's cart, and pays", async () => {
    const email = address("buyer");
    const [training] = await storeTrainings(suite.db, "fr", "formation");
    const agent = await visitor("fr");
    const cart = (await agent.post("/back/api/shop/add/products", { products: [training.id] })).body.data;
    expectEnvelope(await agent.post("/back/api/signUp", form("fr", email)), 200);
    const token = confirmLink(email);
    expect(token).toBeTruthy();

    // Logged in with the password before confirming: the cart is there, paying is refused and orders nothing.
    const early = await visitor("fr");
    expectEnvelope(await early.login(email, "bienvenue1"), 200);
    expect((await early.get("/back/api/user")).body.data).toMatchObject({ emailConfirmed: false, contractType: "shop" });
    await early.post("/back/api/shop/add/products", { products: [training.id] });
    const before = await tableCounts(suite.db);
    const refused = await early.get("/back/api/shop/payByCheck", { headers: csrfHeader(early) });
    expectEnvelope(refused, 409);
    expect(refused.body.message).toMatch(/^Confirmez d'abord votre adresse e-mail/);
    expectEnvelope(await early.get("/back/api/shop/getPaymentToken?returnPath=%2Fboutique%2Fcommande", { headers: csrfHeader(early) }), 409);
    expectEnvelope(await early.post("/back/api/shop/freePayment", {}), 409);
    expect((await tableCounts(suite.db)).orders).toBe(before.orders);

    // The link, in the first browser: confirmed, logged in, the anonymous cart is the account's.
    const confirmed = await agent.post("/back/api/signUp/confirm", { token });
    expectEnvelope(confirmed, 200);
    expect(confirmed.body.message).toBe("Votre adresse e-mail est confirmée. Bienvenue !");
    expect(confirmed.body.data).toMatchObject({ loggedIn: true, email, emailConfirmed: true });
    expect(confirmed.setCookies.some((c) => c.startsWith("sid="))).toBe(true);
    expect(confirmed.setCookies.some((c) => /^cart=;/.test(c))).toBe(true);
    const user = await userRow(email);
    expect(user.emailConfirmedAt).not.toBeNull();
    const [own] = await suite.db
      .select()
      .from(carts)
      .where(and(eq(carts.userId, user.id), eq(carts.brand, "fr")));
    expect(own, "the account's cart").toBeDefined();
    expect((await suite.db.select().from(cartProducts).where(eq(cartProducts.cartId, own.id))).map((line) => line.trainingId)).toEqual([training.id]);
    expect(cart.id).toBeGreaterThan(0);

    // Now paying goes on (the billing details came with the sign-up): by cheque, an order awaits its cheque.
    const lines = (await agent.get("/back/api/shop/cart")).body.data.products as { id: number; productId: number }[];
    for (const line of lines) {
      const functions = await agent.post("/back/api/shop/getAvailableFunctions/product", { productId: line.productId });
      if (functions.body.data.length > 0)
        await agent.post("/back/api/shop/setProductFunction/product", { productCartId: line.id, functionName: functions.body.data[0].name });
    }
    const paid = await agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) });
    expectEnvelope(paid, 200);
    expect(paid.body.data.status).toBe("pending");
  });

  test("the confirmation link works once, and not after 48 hours; a new one replaces the old", async () => {
    const email = address("once");
    expectEnvelope(await (await visitor("fr")).post("/back/api/signUp", form("fr", email)), 200);
    const token = confirmLink(email)!;
    const user = await userRow(email);

    // An expired link of this user: refused, still unconfirmed.
    const expired = await issueToken(suite.db, { kind: "email_confirmation", userId: user.id, email }, new Date(Date.now() - 49 * 3600_000));
    const stale = await (await visitor("fr")).post("/back/api/signUp/confirm", { token: expired });
    expectEnvelope(stale, 422);
    expect(stale.body.message).toMatch(/n'est plus valable/);
    expect((await userRow(email)).emailConfirmedAt).toBeNull();

    // Asked again from the account (logged in, unconfirmed): the first link is spent, the new one works once.
    const early = await visitor("fr");
    expectEnvelope(await early.login(email, "bienvenue1"), 200);
    const resent = await early.post("/back/api/signUp/resendConfirmation", {});
    expectEnvelope(resent, 200);
    expect(resent.body.message).toBe(`Un nouveau lien de confirmation a été envoyé à ${email}.`);
    const newer = confirmLink(email)!;
    expect(newer).not.toBe(token);
    expectEnvelope(await (await visitor("fr")).post("/back/api/signUp/confirm", { token }), 422);
    const first = await visitor("fr");
    expectEnvelope(await first.post("/back/api/signUp/confirm", { token: newer }), 200);
    const again = await visitor("fr");
    const reused = await again.post("/back/api/signUp/confirm", { token: newer });
    expectEnvelope(reused, 422);
    expect(reused.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
    expect(
      await suite.db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, "email_confirmation"))),
    ).toHaveLength(3);
    // Confirmed: asking again is refused (409), and no mail goes.
    const mails = mailsTo(dataDir, email).length;
    expectEnvelope(await first.post("/back/api/signUp/resendConfirmation", {}), 409);
    expect(mailsTo(dataDir, email)).toHaveLength(mails);
  });

  test("a second sign-up of an unconfirmed address mails a new link to its owner, and creates nothing", async () => {
    const email = address("twice");
    expectEnvelope(await (await visitor("fr")).post("/back/api/signUp", form("fr", email)), 200);
    const first = confirmLink(email);
    const usersBefore = (await tableCounts(suite.db)).users;
    expectEnvelope(await (await visitor("fr")).post("/back/api/signUp", form("fr", email, { firstName: "Autre" })), 200);
    expect((await tableCounts(suite.db)).users).toBe(usersBefore);
    const mail = mailsTo(dataDir, email).at(-1)!;
    expect(mail).toContain("Votre adresse n'est pas encore confirmée");
    const second = confirmLink(email);
    expect(second).not.toBe(first);
    expectEnvelope(await (await visitor("fr")).post("/back/api/signUp/confirm", { token: first }), 422);
    expectEnvelope(await (await visitor("fr")).post("/back/api/signUp/confirm", { token: second }), 200);
  });

  test("CSRF: without the header the sign-up, the confirmation and the new link are refused (419), nothing written", async () => {
    const agent = await visitor("fr");
    const before = await tableCounts(suite.db);
    for (const [url, body] of [
      ["/back/api/signUp", form("fr", address("csrf"))],
      ["/back/api/signUp/confirm", { token: "x".repeat(43) }],
      ["/back/api/signUp/resendConfirmation", {}],
    ] as const) {
      expectEnvelope(await agent.request("POST", url, { body: JSON.stringify(body), headers: { "content-type": "application/json" }, csrf: false }), 419);
    }
    expect(await tableCounts(suite.db)).toEqual(before);
  });
});
