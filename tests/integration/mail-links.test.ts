// Mails sent on request: reset links always point to the brand's configured origin whatever the request's
// X-Forwarded-Host or Host says (F2), only the latest reset link works and a used one ends them all (F8), the reset
// GET needs CSRF, reset mails and advisor messages are limited, and validateEmail tells nothing about accounts (F11).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { users } from "../../server/db/schema/index.ts";
import { issueToken } from "../../server/back/modules/auth/tokens.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite, type Suite } from "./support/setup.ts";
import { mailsTo } from "../support/mailbox.ts";

/** The reset link of the newest mail to that address. */
function lastResetLink(dataDir: string, to: string): string {
  const mail = mailsTo(dataDir, to).at(-1) ?? "";
  const link = /https?:\/\/\S+?\/(?:reinitialiser-mon-mot-de-passe|restablecer-mi-contrasena)\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no reset link in the mail to ${to}:\n${mail.slice(0, 2000)}`);
  return link;
}

async function requestReset(suite: Suite, email: string, headers: Record<string, string> = {}, agent?: Agent) {
  const guest = agent ?? suite.agent({ "accept-language": "fr-FR", ...headers });
  const xsrf = await guest.csrf();
  return guest.get(`/back/api/passwordReset/sendMail/${encodeURIComponent(email)}`, { headers: { "x-xsrf-token": xsrf } });
}

describe.each(backends())("mails sent on request (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-mail-links-"));
  const suite = useSuite(backend, { DATA_DIR: dataDir });
  const origin = () => `http://localhost:${new URL(suite.origin).port}`;

  test("F2: a poisoned X-Forwarded-Host (no trusted proxy) never reaches the reset link", async () => {
    for (const poisoned of ["localhost:@evil.example", "evil.example", "localhost:8080@evil.example", "es.localhost:4444", "localhost:99999"]) {
      const email = "learner@demo.test";
      const before = mailsTo(dataDir, email).length;
      expectEnvelope(await requestReset(suite, email, { "x-forwarded-host": poisoned }), 200);
      expect(mailsTo(dataDir, email)).toHaveLength(before + 1);
      const link = lastResetLink(dataDir, email);
      expect(link, `X-Forwarded-Host: ${poisoned}`).toMatch(new RegExp(`^${origin()}/reinitialiser-mon-mot-de-passe/[A-Za-z0-9_-]+$`));
      expect(mailsTo(dataDir, email).at(-1)).not.toContain("evil");
    }
  });

  test("F2: a poisoned Host header does not reach the link either; each brand's link is on its own host", async () => {
    for (const poisoned of ["evil.example:4444", "localhost:1", "localhost:@evil.example"]) {
      const guest = suite.agent({ "accept-language": "fr-FR" });
      const xsrf = await guest.csrf();
      const before = mailsTo(dataDir, "holder@demo.test").length;
      const reply = await guest.get("/back/api/passwordReset/sendMail/holder%40demo.test", { headers: { host: poisoned, "x-xsrf-token": xsrf } });
      if (reply.status === 400) {
        // Refused before the API (not a valid URL authority): nothing mailed.
        expect(mailsTo(dataDir, "holder@demo.test")).toHaveLength(before);
        continue;
      }
      expectEnvelope(reply, 200);
      expect(lastResetLink(dataDir, "holder@demo.test"), `Host: ${poisoned}`).toMatch(new RegExp(`^${origin()}/reinitialiser-mon-mot-de-passe/`));
    }
    // A Spanish account asking on the French host: the link is on the Spanish host, in Spanish.
    expectEnvelope(await requestReset(suite, "learner.es@demo.test", { "x-forwarded-host": "evil.example" }), 200);
    const port = new URL(suite.origin).port;
    expect(lastResetLink(dataDir, "learner.es@demo.test")).toMatch(new RegExp(`^http://es\\.localhost:${port}/restablecer-mi-contrasena/`));
  });

  test("F8: a newer reset link ends the older ones, and using one ends them all", async () => {
    const email = "camille.andre@demo.test";
    expectEnvelope(await requestReset(suite, email), 200);
    const older = lastResetLink(dataDir, email).split("/").at(-1)!;
    expectEnvelope(await requestReset(suite, email), 200);
    const newer = lastResetLink(dataDir, email).split("/").at(-1)!;
    expect(newer).not.toBe(older);
    const guest = suite.agent({ "accept-language": "fr-FR" });
    await guest.csrf();
    const reset = (token: string, password: string) => guest.post("/back/api/passwordReset", { token, password, passwordConfirmation: password });
    const stale = await reset(older, "Nouveau1234");
    expectEnvelope(stale, 422);
    expect(stale.body.data.errors.token).toBeTruthy();
    expectEnvelope(await reset(newer, "Nouveau1234"), 200);

    // Two links alive at once (issued directly): using one spends the other.
    const [user] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const first = await issueToken(suite.db, { kind: "password_reset", userId: user.id }, new Date());
    const second = await issueToken(suite.db, { kind: "password_reset", userId: user.id }, new Date());
    expectEnvelope(await reset(second, "Encore5678"), 200);
    expectEnvelope(await reset(first, "Autre9012"), 422);
    expect((await guest.login(email, "Encore5678")).status).toBe(200);
  });

  test("F11: the reset GET needs the CSRF header; nothing is mailed without it", async () => {
    const guest = suite.agent({ "accept-language": "es-ES" });
    const before = mailsTo(dataDir, "marc.dupont@demo.test").length;
    const reply = await guest.get("/back/api/passwordReset/sendMail/marc.dupont%40demo.test");
    expectEnvelope(reply, 419);
    await guest.csrf();
    expectEnvelope(await guest.get("/back/api/passwordReset/sendMail/marc.dupont%40demo.test", { headers: { "x-xsrf-token": "forged" } }), 419);
    expect(mailsTo(dataDir, "marc.dupont@demo.test")).toHaveLength(before);
  });

  test("F11: reset mails are limited per address, the same way for addresses without an account", async () => {
    for (const email of ["francois.marchand@demo.test", "nobody.here@demo.test"]) {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 8; i++) {
        last = await requestReset(suite, email);
        statuses.push(last.status);
      }
      expect(statuses, email).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expectEnvelope(last!, 429);
      expect(last!.body.message).toMatch(/réessayez dans 15 minutes/);
    }
    expect(mailsTo(dataDir, "francois.marchand@demo.test")).toHaveLength(5);
    expect(mailsTo(dataDir, "nobody.here@demo.test")).toHaveLength(0);
    // Another address is not affected.
    expectEnvelope(await requestReset(suite, "lea.bernard@demo.test"), 200);
  });

  test("F11: twenty parallel reset requests for one address: exactly five get through", async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => requestReset(suite, "parallel.nobody@demo.test")));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  test("F11: messages to the advisor are limited per user", async () => {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login("holder@demo.test"), 200);
    const advisor = (await agent.get("/back/api/user")).body.data.advisor;
    const before = mailsTo(dataDir, advisor.email).length;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await agent.post("/back/api/user/sendAdvisorMessage", { message: `Message ${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(mailsTo(dataDir, advisor.email)).toHaveLength(before + 5);
  });

  test("F11: validateEmail answers the same for an address with and without an account", async () => {
    const guest = suite.agent({ "accept-language": "fr-FR" });
    const taken = await guest.get("/back/api/validateEmail/learner%40demo.test");
    const free = await guest.get("/back/api/validateEmail/personne.inconnue%40demo.test");
    expectEnvelope(taken, 200);
    expectEnvelope(free, 200);
    expect(taken.text).toBe(free.text);
    expectEnvelope(await guest.get("/back/api/validateEmail/not-an-address"), 422);
  });
});

describe.each(backends())("mail links behind a trusted proxy (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-mail-links-proxy-"));
  const suite = useSuite(backend, { DATA_DIR: dataDir, TRUST_PROXY: "true" });

  test("F2: the forwarded host counts only when it is a configured brand host with a valid port", async () => {
    const cases: Array<[string, string]> = [
      ["localhost:8443", "http://localhost:8443/"],
      ["localhost", "http://localhost/"],
      ["evil.example:8443", "http://localhost/"],
      ["localhost:@evil.example", "http://localhost/"],
      ["localhost:0", "http://localhost/"],
    ];
    for (const [forwarded, expected] of cases) {
      expectEnvelope(await requestReset(suite, "learner@demo.test", { "x-forwarded-host": forwarded }), 200);
      expect(lastResetLink(dataDir, "learner@demo.test"), `X-Forwarded-Host: ${forwarded}`).toMatch(
        new RegExp(`^${expected.replace(/[.]/g, "\\.")}reinitialiser-mon-mot-de-passe/`),
      );
    }
  });
});
