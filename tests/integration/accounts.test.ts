// Accounts and access on the back API: password reset, cross-platform arrival, account choice,
// account creation from an invitation, consent, read-only users, uploads, and who may do what.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { accounts, auditLog, authTokens, notifications, users } from "../../server/db/schema/index.ts";
import { issueToken } from "../../server/back/modules/auth/tokens.ts";
import { backends, countRows } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { cookieBrowser } from "./support/page-request.ts";
import { mailsTo } from "../support/mailbox.ts";

async function loggedIn(agent: Agent, email: string) {
  expectEnvelope(await agent.login(email), 200);
  return agent;
}

async function userIdOf(suite: { db: import("../../server/db/client.ts").Db }, email: string): Promise<number> {
  const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

describe.each(backends())("accounts and access (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-accounts-"));
  const suite = useSuite(backend, { DATA_DIR: dataDir });

  test("password reset: same answer for unknown addresses, single-use token, policy, sessions closed", async () => {
    const guest = suite.agent({ "accept-language": "fr-FR" });
    // It sends a mail: the CSRF header is required, as on a POST (419 without).
    expectEnvelope(await guest.get("/back/api/passwordReset/sendMail/learner%40demo.test"), 419);
    const xsrf = { headers: { "x-xsrf-token": await guest.csrf() } };
    const unknown = await guest.get("/back/api/passwordReset/sendMail/nobody%40demo.test", xsrf);
    const known = await guest.get("/back/api/passwordReset/sendMail/learner%40demo.test", xsrf);
    expectEnvelope(unknown, 200);
    expectEnvelope(known, 200);
    expect(known.body.message).toBe(unknown.body.message);
    expect(mailsTo(dataDir, "nobody@demo.test")).toHaveLength(0);
    const [mail] = mailsTo(dataDir, "learner@demo.test");
    const token = /reinitialiser-mon-mot-de-passe\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();

    const other = await loggedIn(suite.agent(), "learner@demo.test");
    await guest.csrf();
    const weak = await guest.post("/back/api/passwordReset", { token, password: "short", passwordConfirmation: "short" });
    expectEnvelope(weak, 422);
    expect(weak.body.data.errors.password[0]).toMatch(/8 caractères/);
    const differ = await guest.post("/back/api/passwordReset", { token, password: "nouveau123", passwordConfirmation: "nouveau124" });
    expectEnvelope(differ, 422);
    expect(Object.keys(differ.body.data.errors)).toEqual(["passwordConfirmation"]);

    expectEnvelope(await guest.post("/back/api/passwordReset", { token, password: "nouveau123", passwordConfirmation: "nouveau123" }), 200);
    const reused = await guest.post("/back/api/passwordReset", { token, password: "encore456", passwordConfirmation: "encore456" });
    expectEnvelope(reused, 422);
    expect(reused.body.message).toMatch(/invalide ou a expiré/);
    // The old session is gone, the old password too.
    expect((await other.get("/back/api/user")).body.data.loggedIn).toBe(false);
    expectEnvelope(await suite.agent().login("learner@demo.test", "demo1234"), 401);
    expectEnvelope(await suite.agent().login("learner@demo.test", "nouveau123"), 200);
    // Put the demo password back for the other tests.
    const { hashPassword } = await import("../../server/back/modules/auth/password.ts");
    await suite.db
      .update(users)
      .set({ passwordHash: await hashPassword("demo1234", suite.platform.deps.env.PASSWORD_HASH_COST) })
      .where(eq(users.email, "learner@demo.test"));
  });

  test("an expired reset token is refused and changes nothing", async () => {
    const userId = await userIdOf(suite, "nonpharmacist@demo.test");
    const token = await issueToken(suite.db, { kind: "password_reset", userId }, new Date(Date.now() - 2 * 3600_000));
    const guest = suite.agent();
    await guest.csrf();
    const [before] = await suite.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    expectEnvelope(await guest.post("/back/api/passwordReset", { token, password: "nouveau123", passwordConfirmation: "nouveau123" }), 422);
    const [after] = await suite.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    expect(after.hash).toBe(before.hash);
  });

  test("an account of another host answers with a single-use token bound to the contact", async () => {
    const agent = suite.agent();
    const reply = await agent.login("learner.es@demo.test");
    expectEnvelope(reply, 409);
    expect(reply.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
    const { token, contactId, platformUrl } = reply.body.data as unknown as { token: string; contactId: number; platformUrl: string };
    expect(platformUrl).toMatch(/^http:\/\/es\.localhost:\d+$/);
    expect(contactId).toBe(await userIdOf(suite, "learner.es@demo.test"));

    const arrival = suite.agent({ host: "es.localhost" });
    await arrival.csrf();
    expectEnvelope(await arrival.post("/back/api/connectAs", { contactId: contactId + 1, token }), 401);
    const ok = await arrival.post("/back/api/connectAs", { contactId, token });
    expectEnvelope(ok, 200);
    expect(ok.body.data.email).toBe("learner.es@demo.test");
    const again = suite.agent();
    await again.csrf();
    expectEnvelope(await again.post("/back/api/connectAs", { contactId, token }), 401);

    const stale = await issueToken(suite.db, { kind: "cross_platform", userId: contactId }, new Date(Date.now() - 10 * 60_000));
    expectEnvelope(await again.post("/back/api/connectAs", { contactId, token: stale }), 401);
  });

  test("account choice accepts the user's own pharmacies only", async () => {
    const agent = await loggedIn(suite.agent(), "multi@demo.test");
    const me = (await agent.get("/back/api/user")).body.data;
    expect(me.accounts.length).toBe(2);
    const chosen = await agent.post("/back/api/user/setAccountId", { accountId: me.accounts[1].id });
    expectEnvelope(chosen, 200);
    expect(chosen.body.data.currentAccountId).toBe(me.accounts[1].id);
    const foreign = (await suite.db.select({ id: accounts.id }).from(accounts))
      .map((a) => a.id)
      .find((id) => !me.accounts.some((a: { id: number }) => a.id === id));
    const refused = await agent.post("/back/api/user/setAccountId", { accountId: foreign });
    expectEnvelope(refused, 403);
    expect((await agent.get("/back/api/user")).body.data.currentAccountId).toBe(me.accounts[1].id);
  });

  test("account creation: one account per invitation, complete input required", async () => {
    const guest = suite.agent();
    await guest.csrf();
    const invitation = await guest.get("/back/api/invitation/demo-invite-marche-2");
    expectEnvelope(invitation, 200);
    const usersBefore = await countRows(suite.db, "users");
    const base = {
      token: "demo-invite-marche-2",
      email: "new.learner@demo.test",
      firstName: "Inès",
      lastName: "Nouvelle",
      profession: "preparer",
      password: "bienvenue1",
      passwordConfirmation: "bienvenue1",
    };
    expectEnvelope(await guest.post("/back/api/createAccount", base), 422);
    expectEnvelope(await guest.post("/back/api/createAccount", { ...base, acceptTerms: true, email: "learner@demo.test" }), 422);
    expect(await countRows(suite.db, "users")).toBe(usersBefore);
    const created = await guest.post("/back/api/createAccount", { ...base, acceptTerms: true });
    expectEnvelope(created, 201);
    expect(created.body.data).toMatchObject({ loggedIn: true, email: "new.learner@demo.test", role: "learner" });
    expect(created.body.data.establishment.id).toBe(invitation.body.data.accountId);
    const second = suite.agent();
    await second.csrf();
    expectEnvelope(await second.post("/back/api/createAccount", { ...base, acceptTerms: true, email: "other@demo.test" }), 422);
    expect(await countRows(suite.db, "users")).toBe(usersBefore + 1);
    expectEnvelope(await guest.get("/back/api/invitation/demo-invite-marche-2"), 404);
  });

  test("consent is recorded and validated as a boolean", async () => {
    const agent = await loggedIn(suite.agent(), "consent@demo.test");
    expect((await agent.get("/back/api/user")).body.data.mustGiveConsent).toBe(true);
    expectEnvelope(await agent.post("/back/api/user/consent", { hasGivenConsent: "maybe" }), 422);
    expect((await agent.get("/back/api/user")).body.data.mustGiveConsent).toBe(true);
    expectEnvelope(await agent.post("/back/api/user/consent", { hasGivenConsent: true }), 200);
    expect((await agent.get("/back/api/user")).body.data).toMatchObject({ mustGiveConsent: false, hasGivenConsent: true });
  });

  test("a read-only user cannot change anything through the API", async () => {
    const agent = await loggedIn(suite.agent({ "accept-language": "es-ES" }), "readonly@demo.test");
    const [before] = await suite.db.select().from(users).where(eq(users.email, "readonly@demo.test"));
    const calls: [string, unknown][] = [
      ["/back/api/user/updateUserData", { firstName: "X", lastName: "Y", profession: "pharmacist" }],
      ["/back/api/user/updateMobilePhone", { mobilePhone: "+33 6 00 00 00 00" }],
      ["/back/api/user/updatePersonalData", { phone: "0102030405" }],
    ];
    for (const [path, body] of calls) {
      const reply = await agent.post(path, body);
      expectEnvelope(reply, 403);
      expect(reply.body.message).toBe("Su contrato es de solo lectura: no puede realizar cambios.");
    }
    const [after] = await suite.db.select().from(users).where(eq(users.email, "readonly@demo.test"));
    expect(after).toEqual(before);
  });

  test("profile picture: non-images and oversized files are refused and nothing is stored", async () => {
    const agent = await loggedIn(suite.agent(), "learner@demo.test");
    const avatars = path.join(dataDir, "uploads", "avatars");
    const stored = () => (fs.existsSync(avatars) ? fs.readdirSync(avatars).length : 0);
    const upload = (bytes: Uint8Array, name: string, type: string) => {
      const form = new FormData();
      form.set("picture", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
      return agent.request("POST", "/back/api/user/updateProfilePic", { body: form });
    };
    const text = await upload(new TextEncoder().encode("not an image"), "photo.png", "image/png");
    expectEnvelope(text, 422);
    expect(text.body.data.errors.picture[0]).toMatch(/JPEG, PNG or WebP/);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(png);
    const tooBig = await upload(big, "big.png", "image/png");
    expectEnvelope(tooBig, 422);
    expect(tooBig.body.data.errors.picture[0]).toMatch(/too large/);
    expect(stored()).toBe(0);
    const ok = await upload(png, "me.png", "image/png");
    expectEnvelope(ok, 200);
    expect(stored()).toBe(1);
    const served = await fetch(suite.origin + ok.body.data.avatar);
    expect(served.status).toBe(200);
  });

  test("password change needs the current password and closes the other sessions", async () => {
    const main = await loggedIn(suite.agent(), "expired@demo.test");
    const other = await loggedIn(suite.agent(), "expired@demo.test");
    const wrong = await main.post("/back/api/user/updatePassword", { currentPassword: "nope", password: "changed123", passwordConfirmation: "changed123" });
    expectEnvelope(wrong, 422);
    expect(Object.keys(wrong.body.data.errors)).toEqual(["currentPassword"]);
    expectEnvelope(
      await main.post("/back/api/user/updatePassword", { currentPassword: "demo1234", password: "changed123", passwordConfirmation: "changed123" }),
      200,
    );
    expect((await main.get("/back/api/user")).body.data.loggedIn).toBe(true);
    expect((await other.get("/back/api/user")).body.data.loggedIn).toBe(false);
  });

  test("advisor message goes to the advisor by mail, with the call-back text by default", async () => {
    const agent = await loggedIn(suite.agent(), "holder@demo.test");
    const advisor = (await agent.get("/back/api/user")).body.data.advisor;
    expectEnvelope(await agent.post("/back/api/user/sendAdvisorMessage", {}), 200);
    const mails = mailsTo(dataDir, advisor.email);
    expect(mails.at(-1)).toMatch(/pouvez-vous me rappeler/);
  });

  // ADR 0104: a read-only contract reads. Marking one's own notifications read is part of reading, and writing to
  // one's advisor is how one asks for a change or a renewal: both stay open, through the API and the web forms
  // without JavaScript. Any other change of one's own data is refused.
  test("a read-only contract marks its notifications read and messages its advisor; its other changes are refused", async () => {
    const readOnly = await loggedIn(suite.agent({ "accept-language": "fr-FR" }), "readonly@demo.test");
    const me = (await readOnly.get("/back/api/user")).body.data;
    expect(me.contractType).toBe("readonly");
    const admin = await loggedIn(suite.agent(), "admin@demo.test");
    const first = await admin.post("/back/api/admin/notifications", { userId: me.id, title: "Votre contrat" });
    const second = await admin.post("/back/api/admin/notifications", { userId: me.id, title: "Renouvellement" });
    expectEnvelope(second, 201);
    const marked = await readOnly.post("/back/api/user/notification/read", { ids: [first.body.data.id] });
    expectEnvelope(marked, 200);
    expect(marked.body.data.marked).toBe(1);
    const [row] = await suite.db.select().from(notifications).where(eq(notifications.id, first.body.data.id));
    expect(row.readedDate).not.toBeNull();

    const mailsBefore = mailsTo(dataDir, me.advisor.email).length;
    expectEnvelope(await readOnly.post("/back/api/user/sendAdvisorMessage", { message: "Je souhaite renouveler notre contrat." }), 200);
    expect(mailsTo(dataDir, me.advisor.email)).toHaveLength(mailsBefore + 1);
    expect(mailsTo(dataDir, me.advisor.email).at(-1)).toContain("renouveler notre contrat");

    // The same through the web tier, as a browser without JavaScript posts the forms.
    const browser = cookieBrowser(suite.origin, readOnly.cookies);
    const contact = await browser.post("/compte/contact", { message: "Pouvez-vous me rappeler ?" });
    expect(contact.status).toBe(302);
    expect(mailsTo(dataDir, me.advisor.email)).toHaveLength(mailsBefore + 2);
    const read = await browser.post(
      "/notifications/read",
      [
        ["ids", String(second.body.data.id)],
        ["redirectTo", "/compte"],
      ],
      "/compte/contact",
    );
    expect(read.status).toBe(302);
    expect((await suite.db.select().from(notifications).where(eq(notifications.id, second.body.data.id)))[0].readedDate).not.toBeNull();

    // Its other changes: refused with the read-only message, nothing changed.
    const before = await suite.db.select().from(users).where(eq(users.id, me.id));
    const refused = await readOnly.post("/back/api/user/updateUserData", { firstName: "Autre", lastName: "Nom", profession: "pharmacist" });
    expectEnvelope(refused, 403);
    expect(refused.body.message).toBe("Votre contrat est en lecture seule : vous ne pouvez rien modifier.");
    expect(await suite.db.select().from(users).where(eq(users.id, me.id))).toEqual(before);
  });

  test("channel authorisation: own channels only", async () => {
    const guest = suite.agent();
    await guest.csrf();
    const form = (channel: string, socketId = "1234.5678") => ({
      body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectEnvelope(await guest.request("POST", "/back/api/broadcasting/auth", form("private-user.1")), 401);
    const holder = await loggedIn(suite.agent(), "holder@demo.test");
    const me = (await holder.get("/back/api/user")).body.data;
    const own = await holder.request("POST", "/back/api/broadcasting/auth", form(`private-user.${me.id}`));
    expectEnvelope(own, 200);
    expect(own.body.data.auth).toMatch(/^app-key:[0-9a-f]{64}$/);
    expectEnvelope(await holder.request("POST", "/back/api/broadcasting/auth", form(`private-user.${me.id + 1}`)), 403);
    expectEnvelope(await holder.request("POST", "/back/api/broadcasting/auth", form(`private-account.${me.currentAccountId}`)), 200);
    const [foreign] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.brand, "es"));
    expectEnvelope(await holder.request("POST", "/back/api/broadcasting/auth", form(`private-account.${foreign.id}`)), 403);
    expectEnvelope(await holder.request("POST", "/back/api/broadcasting/auth", form("private-cart.abc-1")), 403);
    expectEnvelope(await holder.request("POST", "/back/api/broadcasting/auth", form(`private-user.${me.id}`, "bad")), 422);
  });

  test("notifications: another user's ids are ignored; admin tools are for administrators", async () => {
    const learner = await loggedIn(suite.agent(), "learner@demo.test");
    const holderId = await userIdOf(suite, "holder@demo.test");
    const guest = suite.agent();
    await guest.csrf();
    expectEnvelope(await guest.post("/back/api/admin/notifications", { userId: holderId, title: "x" }), 401);
    expectEnvelope(await learner.post("/back/api/admin/notifications", { userId: holderId, title: "x" }), 403);
    expectEnvelope(await learner.post("/back/api/admin/realtime/reload", { scope: "platform" }), 403);
    const admin = await loggedIn(suite.agent(), "admin@demo.test");
    const auditBefore = await countRows(suite.db, "audit_log");
    const created = await admin.post("/back/api/admin/notifications", { userId: holderId, title: "Pour le titulaire" });
    expectEnvelope(created, 201);
    // The administrator's message is audited with it (ADR 0060): who, what, to whom.
    const [audit] = await suite.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.body.data.id)));
    expect(audit).toMatchObject({ action: "notification.sent", entityType: "notification", actorId: await userIdOf(suite, "admin@demo.test"), before: null });
    expect(audit.after).toEqual({ userId: holderId, title: "Pour le titulaire", body: "", link: null });
    expect(await countRows(suite.db, "audit_log")).toBe(auditBefore + 1);
    const marked = await learner.post("/back/api/user/notification/read", { ids: [created.body.data.id] });
    expectEnvelope(marked, 200);
    expect(marked.body.data.marked).toBe(0);
    const [row] = await suite.db.select().from(notifications).where(eq(notifications.id, created.body.data.id));
    expect(row.readedDate).toBeNull();
    const own = (await learner.get("/back/api/user/notification")).body.data;
    const unreadIds = own.notifications.filter((n: { readedDate: string | null }) => !n.readedDate).map((n: { id: number }) => n.id);
    expect(own.unread).toBe(unreadIds.length);
    const read = await learner.post("/back/api/user/notification/read", { ids: unreadIds });
    expect(read.body.data.marked).toBe(unreadIds.length);
    expect((await learner.get("/back/api/user/notification")).body.data.unread).toBe(0);
    const refusedBefore = { notifications: await countRows(suite.db, "notifications"), audit: await countRows(suite.db, "audit_log") };
    expectEnvelope(await admin.post("/back/api/admin/notifications", { userId: 999999, title: "x" }), 404);
    expect({ notifications: await countRows(suite.db, "notifications"), audit: await countRows(suite.db, "audit_log") }).toEqual(refusedBefore);

    // More unread than the list shows: the list keeps its 20 newest, the count covers them all.
    const learnerId = await userIdOf(suite, "learner@demo.test");
    await suite.db.insert(notifications).values(Array.from({ length: 23 }, (_, i) => ({ userId: learnerId, title: `Avis ${i}` })));
    const many = (await learner.get("/back/api/user/notification")).body.data;
    expect(many.notifications).toHaveLength(20);
    expect(many.unread).toBe(23);
  });

  test("tokens are stored hashed", async () => {
    const rows = await suite.db.select({ hash: authTokens.tokenHash }).from(authTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.hash === "demo-invite-marche-1")).toBe(false);
  });
});
