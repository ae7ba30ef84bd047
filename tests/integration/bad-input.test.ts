// Validation errors are 422 with field errors in the caller's language; bad input of any kind is a
// 4xx envelope, never a 500, and nothing is written.
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { issueConnectToken } from "../../server/back/modules/auth/auth.service.ts";
import { backends, countRows, queryRows, tableCounts } from "./support/database.ts";
import { chunkedRequest, expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("validation and bad input (%s)", (backend) => {
  const suite = useSuite(backend);

  async function readyAgent(language = "en-US"): Promise<Agent> {
    const agent = suite.agent({ "accept-language": language });
    await agent.csrf();
    return agent;
  }

  describe("422 with field errors in the caller's language", () => {
    const cases = [
      {
        language: "fr-FR,fr;q=0.9",
        message: "Certains champs sont invalides.",
        email: "Saisissez une adresse e-mail valide.",
        password: "Ce champ est obligatoire.",
        unknown: "Champ inconnu.",
      },
      {
        language: "fr-BE",
        message: "Certains champs sont invalides.",
        email: "Saisissez une adresse e-mail valide.",
        password: "Ce champ est obligatoire.",
        unknown: "Champ inconnu.",
      },
      {
        language: "es-ES,es;q=0.8,en;q=0.5",
        message: "Algunos campos no son válidos.",
        email: "Introduzca un correo electrónico válido.",
        password: "Este campo es obligatorio.",
        unknown: "Campo desconocido.",
      },
      {
        language: "en-US",
        message: "Some fields are invalid.",
        email: "Enter a valid email address.",
        password: "This field is required.",
        unknown: "Unknown field.",
      },
    ];
    test.each(cases)("Accept-Language: $language", async (expected) => {
      const agent = await readyAgent(expected.language);
      const reply = await agent.post("/back/api/login", { email: "pas-une-adresse", password: "", isAdmin: true });
      expectEnvelope(reply, 422);
      expect(reply.body.message).toBe(expected.message);
      expect(reply.body.data.errors).toEqual({
        email: [expected.email],
        password: [expected.password],
        isAdmin: [expected.unknown],
      });
    });

    test("an unsupported language falls back to English", async () => {
      const agent = await readyAgent("de-DE,de;q=0.9");
      const reply = await agent.post("/back/api/login", {});
      expectEnvelope(reply, 422);
      expect(reply.body.message).toBe("Some fields are invalid.");
      expect(reply.body.data.errors).toMatchObject({ email: ["This field is required."], password: ["This field is required."] });
    });
  });

  const bigJson = JSON.stringify({ email: "learner@demo.test", password: "x".repeat(1024 * 1024) });
  const badBodies: { name: string; status: number; body: () => BodyInit; type?: string }[] = [
    { name: "malformed JSON", status: 422, body: () => '{"email": "learner@demo.test", "password": ', type: "application/json" },
    { name: "JSON that is not an object", status: 422, body: () => '["learner@demo.test","demo1234"]', type: "application/json" },
    { name: "JSON null", status: 422, body: () => "null", type: "application/json" },
    { name: "wrong types", status: 422, body: () => JSON.stringify({ email: 42, password: ["demo1234"], remember: "maybe" }), type: "application/json" },
    { name: "nested objects", status: 422, body: () => JSON.stringify({ email: { $ne: "" }, password: { $gt: "" } }), type: "application/json" },
    {
      name: "unknown fields",
      status: 422,
      body: () => JSON.stringify({ email: "learner@demo.test", password: "demo1234", role: "admin" }),
      type: "application/json",
    },
    {
      name: "a very long email",
      status: 422,
      body: () => JSON.stringify({ email: `${"a".repeat(300)}@demo.test`, password: "demo1234" }),
      type: "application/json",
    },
    { name: "an unsupported content type", status: 415, body: () => "email=learner@demo.test&password=demo1234", type: "text/plain" },
    { name: "XML", status: 415, body: () => "<login><email>learner@demo.test</email></login>", type: "application/xml" },
    { name: "a body over 1 MB", status: 413, body: () => bigJson, type: "application/json" },
    { name: "invalid UTF-8", status: 422, body: () => new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), type: "application/json" },
  ];

  test.each(badBodies)("POST /back/api/login with $name: $status envelope, nothing written", async (bad) => {
    const agent = await readyAgent();
    const before = await tableCounts(suite.db);
    const reply = await agent.request("POST", "/back/api/login", {
      body: bad.body(),
      headers: bad.type ? { "content-type": bad.type } : {},
    });
    expectEnvelope(reply, bad.status);
    expect(reply.setCookies.filter((c) => c.startsWith("sid="))).toEqual([]);
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("a chunked body over 1 MB (no Content-Length): 413 envelope, nothing written", async () => {
    const agent = await readyAgent();
    const before = await tableCounts(suite.db);
    const reply = await chunkedRequest(`${suite.origin}/back/api/login`, {
      headers: {
        "content-type": "application/json",
        cookie: agent.cookieHeader(),
        "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!),
      },
      chunks: [bigJson.slice(0, 400_000), bigJson.slice(400_000, 800_000), bigJson.slice(800_000)],
    });
    expect(reply.status).toBe(413);
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
    expect(reply.body).toMatchObject({ status: "Error", data: null });
    expect(reply.body?.message).toMatch(/1 MB/);
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("an empty body is a 422 listing the required fields", async () => {
    const agent = await readyAgent();
    const reply = await agent.request("POST", "/back/api/login", { body: "", headers: { "content-type": "application/json" } });
    expectEnvelope(reply, 422);
    expect(Object.keys(reply.body.data.errors).sort()).toEqual(["email", "password"]);
  });

  test("a form-encoded login works (no-JS forms post urlencoded)", async () => {
    const agent = await readyAgent();
    const reply = await agent.request("POST", "/back/api/login", {
      body: new URLSearchParams({ email: "learner@demo.test", password: "demo1234" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectEnvelope(reply, 200);
    expect(await countRows(suite.db, "sessions")).toBeGreaterThan(0);
  });

  // Issue 10, F6, F10. (Every endpoint with every kind of hostile input: tests/integration/fuzz.test.ts.)
  describe("prototype-named keys, unstorable text, ids out of range and wrong types are 422s that write nothing", () => {
    const PROTO_KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
    const INVALID_CHARACTERS = {
      "fr-FR": "Ce champ contient des caractères non autorisés (par exemple un caractère NUL). Retirez-les et réessayez.",
      "fr-BE": "Ce champ contient des caractères non autorisés (par exemple un caractère NUL). Retirez-les et réessayez.",
      "es-ES": "Este campo contiene caracteres no permitidos (por ejemplo, un carácter NUL). Elimínelos y vuelva a intentarlo.",
      "en-US": "This field contains characters that are not allowed (such as a NUL character). Remove them and try again.",
    } as const;

    async function learner(email = "learner@demo.test", language = "en-US"): Promise<Agent> {
      const agent = suite.agent({ "accept-language": language });
      expectEnvelope(await agent.login(email), 200);
      return agent;
    }
    async function userIdOf(email: string): Promise<number> {
      const [row] = await queryRows<{ id: number }>(suite.db, sql`select id from users where email = ${email}`);
      return row!.id;
    }

    test("query keys named like Object.prototype properties, anonymous: a 422 naming each key", async () => {
      const agent = suite.agent({ "accept-language": "fr-FR" });
      for (const key of PROTO_KEYS) {
        const reply = await agent.get(`/back/api/catalogue?${key}=1`);
        expectEnvelope(reply, 422);
        expect(Object.keys(reply.body.data.errors)).toEqual([key]);
        expect(reply.body.data.errors[key]).toEqual(["Champ inconnu."]);
      }
      const all = await agent.get(`/back/api/content/news?${PROTO_KEYS.map((k) => `${k}=1&${k}=2`).join("&")}`);
      expectEnvelope(all, 422);
      expect(Object.keys(all.body.data.errors).sort()).toEqual([...PROTO_KEYS].sort());
    });

    test("body keys named like Object.prototype properties (JSON and urlencoded): a 422 naming each key", async () => {
      const agent = await readyAgent();
      const signedIn = await learner();
      const before = await tableCounts(suite.db);
      const raw = `{"email": "learner@demo.test", "password": "demo1234", ${PROTO_KEYS.map((k) => `"${k}": 1`).join(", ")}}`;
      const json = await agent.request("POST", "/back/api/login", { body: raw, headers: { "content-type": "application/json" } });
      expectEnvelope(json, 422);
      expect(Object.keys(json.body.data.errors).sort()).toEqual([...PROTO_KEYS].sort());
      expect(json.body.data.errors.__proto__).toEqual(["Unknown field."]);
      const form = await agent.request("POST", "/back/api/login", {
        body: `email=learner%40demo.test&password=demo1234&${PROTO_KEYS.map((k) => `${k}=1`).join("&")}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expectEnvelope(form, 422);
      expect(Object.keys(form.body.data.errors).sort()).toEqual([...PROTO_KEYS].sort());
      const profile = await signedIn.request("POST", "/back/api/user/updateUserData", {
        body: '{"firstName": "Ana", "lastName": "Ruiz", "profession": "pharmacist", "__proto__": {"isAdmin": true}}',
        headers: { "content-type": "application/json" },
      });
      expectEnvelope(profile, 422);
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test.each(Object.entries(INVALID_CHARACTERS))(
      "a NUL byte or a lone surrogate in text is a 422 in the caller's language (%s)",
      async (language, message) => {
        const agent = await learner("learner@demo.test", language);
        const [user] = await queryRows<Record<string, unknown>>(
          suite.db,
          sql`select first_name, last_name, updated_at from users where email = 'learner@demo.test'`,
        );
        for (const firstName of ["Ana\u0000", "Ana\ud800", "\udc00Ana"]) {
          const reply = await agent.post("/back/api/user/updateUserData", { firstName, lastName: "Ruiz", profession: "pharmacist" });
          expectEnvelope(reply, 422);
          expect(reply.body.data.errors).toEqual({ firstName: [message] });
        }
        const [after] = await queryRows<Record<string, unknown>>(
          suite.db,
          sql`select first_name, last_name, updated_at from users where email = 'learner@demo.test'`,
        );
        expect(after).toEqual(user);
        // A pair of surrogates is a real character (an emoji): it is kept.
        expectEnvelope(
          await agent.post("/back/api/user/updateUserData", { firstName: "Ana \ud83d\ude00", lastName: String(user!.last_name), profession: "pharmacist" }),
          200,
        );
        expectEnvelope(
          await agent.post("/back/api/user/updateUserData", {
            firstName: String(user!.first_name),
            lastName: String(user!.last_name),
            profession: "pharmacist",
          }),
          200,
        );
      },
    );

    test("NUL bytes in the contact form, a feedback comment, an invitation and an admin notification: 422, nothing written", async () => {
      const guest = await readyAgent("fr-FR");
      const admin = await learner("admin@demo.test");
      const before = await tableCounts(suite.db);
      const contact = await guest.post("/back/api/content/contact", {
        name: "Ana",
        email: "ana@example.test",
        subject: "Une question",
        message: "Bonjour\u0000, une question sur la formation.",
        consent: true,
      });
      expectEnvelope(contact, 422);
      expect(contact.body.data.errors).toEqual({ message: [INVALID_CHARACTERS["fr-FR"]] });
      const feedback = await guest.post("/back/api/feedback/demo-feedback-fr-nojs", { rating: 4, comment: "Bien\u0000" });
      expectEnvelope(feedback, 422);
      expect(feedback.body.data.errors).toEqual({ comment: [INVALID_CHARACTERS["fr-FR"]] });
      const account = await guest.post("/back/api/createAccount", {
        token: "demo-invite-marche-2",
        email: "nul.byte@example.test",
        firstName: "Nul\u0000",
        lastName: "Byte",
        profession: "pharmacist",
        password: "Secret1234",
        passwordConfirmation: "Secret1234",
        acceptTerms: true,
      });
      expectEnvelope(account, 422);
      expect(account.body.data.errors).toEqual({ firstName: [INVALID_CHARACTERS["fr-FR"]] });
      const notification = await admin.post("/back/api/admin/notifications", { userId: await userIdOf("learner@demo.test"), title: "Hello\u0000" });
      expectEnvelope(notification, 422);
      expect(notification.body.data.errors).toEqual({ title: [INVALID_CHARACTERS["en-US"]] });
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("back office part B: NUL bytes, out-of-range path ids, unknown fields and wrong types: 422, nothing written", async () => {
      const admin = await learner("admin@demo.test");
      const before = await tableCounts(suite.db);
      const cases: [string, unknown, string[]][] = [
        ["/back/api/admin/content/drafts", { kind: "page", brand: "fr", lang: "fr", slug: "ok-slug", title: "Titre\u0000" }, ["title"]],
        ["/back/api/admin/content/drafts", { kind: "poem", brand: "xx", lang: "de", slug: 12, title: ["a"] }, ["brand", "kind", "lang", "slug", "title"]],
        ["/back/api/admin/content/page/1/draft", { slug: "ok", title: "ok", role: "admin" }, ["role"]],
        ["/back/api/admin/faq/sections", { brand: "fr", lang: "fr", type: "general", title: "\u0000" }, ["title"]],
        ["/back/api/admin/faq/sections/1/questions", { question: "q", answer: "a".repeat(20_001) }, ["answer"]],
        ["/back/api/admin/faq/sections/1/move", { direction: "left" }, ["direction"]],
        ["/back/api/admin/discountCodes", { brand: "fr", code: "OK\u0000", kind: "fixed", value: "5" }, ["code"]],
        ["/back/api/admin/discountCodes", { brand: "fr", code: "OKCODE", kind: "fixed", value: 5, maxUses: "1e9" }, ["maxUses", "value"]],
        // Usage limits (issue 28): a whole number of at least 1, typed ("10") or sent as a number (10); nothing else.
        [
          "/back/api/admin/discountCodes",
          { brand: "fr", code: "OKCODE", kind: "fixed", value: "5", maxUses: 0, maxUsesPerCustomer: "2.5" },
          ["maxUses", "maxUsesPerCustomer"],
        ],
        [
          "/back/api/admin/discountCodes",
          { brand: "fr", code: "OKCODE", kind: "fixed", value: "5", maxUses: true, maxUsesPerCustomer: [1] },
          ["maxUses", "maxUsesPerCustomer"],
        ],
        // The quiz's pass score: 0 to 100 or nothing.
        ["/back/api/admin/catalog/quizzes/1", { title: "Quiz", kind: "evaluation", passScore: 101 }, ["passScore"]],
        ["/back/api/admin/users/1/admin", { isAdmin: true }, ["isAdmin"]],
        ["/back/api/admin/checks/2147483648/confirm", {}, ["id"]],
        ["/back/api/admin/content/drafts/2147483648/publish", {}, ["id"]],
        ["/back/api/admin/users/99999999999/invitation", {}, ["id"]],
        ["/back/api/admin/discountCodes/0/disable", {}, ["id"]],
        // Days that do not exist (Date.parse would roll them over to the next month).
        [
          "/back/api/admin/sessions",
          { faceToFaceId: 1, name: "S", startDate: "2030-02-30", startTime: "09:00", endTime: "17:00", maxParticipants: 10 },
          ["startDate"],
        ],
        ["/back/api/admin/sessions/1/dates", { date: "2031-04-31", startTime: "09:00", endTime: "17:00" }, ["date"]],
        // Credit notes (ADR 0094): the confirmation is required, nothing else is taken, the id is an id.
        ["/back/api/admin/invoices/1/creditNote", {}, ["confirm"]],
        ["/back/api/admin/invoices/1/creditNote", { confirm: "yes" }, ["confirm"]],
        ["/back/api/admin/invoices/1/creditNote", { confirm: true, amount: 100 }, ["amount"]],
        ["/back/api/admin/invoices/2147483648/creditNote", { confirm: true }, ["id"]],
        ["/back/api/admin/invoices/0x10/creditNote", { confirm: true }, ["id"]],
      ];
      for (const [path, body, fields] of cases) {
        const reply = await admin.post(path, body);
        expectEnvelope(reply, 422);
        expect(Object.keys(reply.body.data.errors).sort(), path).toEqual(fields);
      }
      expectEnvelope(await admin.get("/back/api/admin/users?q=" + "x".repeat(121)), 422);
      expectEnvelope(await admin.get("/back/api/admin/content?kind=poem"), 422);
      expectEnvelope(await admin.get("/back/api/admin/invoices/2147483648/pdf"), 422);
      // The credit note, fuzzed as an administrator: hostile bodies and path ids are 4xx with the envelope, never a 500.
      const hostileBodies: unknown[] = [
        { confirm: "on\u0000" },
        { confirm: 1 },
        { confirm: [true] },
        { confirm: {} },
        { confirm: null },
        { confirm: "x".repeat(100_000) },
        [],
        null,
        { ["__proto__"]: { confirm: true } },
        { constructor: true, confirm: true },
      ];
      for (const body of hostileBodies) {
        const reply = await admin.post("/back/api/admin/invoices/1/creditNote", body);
        expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(422);
        expectEnvelope(reply, 422);
      }
      for (const id of ["%00", "-1", "0", "1.5", "0x10", "constructor", "__proto__", "%ED%A0%80", "9".repeat(4000)]) {
        const reply = await admin.post(`/back/api/admin/invoices/${id}/creditNote`, { confirm: true });
        // 400 for a path that is not UTF-8 (the platform's answer to any such path), else 404 or 422.
        expect([400, 404, 422], id.slice(0, 20)).toContain(reply.status);
        expect(reply.body?.status, id.slice(0, 20)).toBe("Error");
      }
      // A malformed list query falls back to the defaults (ADR 0061).
      expectEnvelope(await admin.get("/back/api/admin/invoices?kind=poem&sort=x&page=-1&brand=%00"), 200);
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("funding requests and plans (pharma-b): NUL bytes, impossible dates and out-of-range ids are 422s that write nothing", async () => {
      const holder = await learner("holder@demo.test", "fr-FR");
      const before = await tableCounts(suite.db);
      const name = await holder.post("/back/api/referent/createTrainingPlan", { name: "Plan\u0000", startDate: "2026-01-01", endDate: "2026-12-31" });
      expectEnvelope(name, 422);
      expect(name.body.data.errors).toEqual({ name: [INVALID_CHARACTERS["fr-FR"]] });
      const dates = await holder.post("/back/api/referent/createTrainingPlan", { name: "Plan", startDate: "2026-02-30", endDate: "2026-13-01T00:00:00Z" });
      expectEnvelope(dates, 422);
      expect(Object.keys(dates.body.data.errors).sort()).toEqual(["endDate", "startDate"]);
      for (const id of [0, -1, 2_147_483_648, 1.5, "7", true, null]) {
        expectEnvelope(await holder.post("/back/api/referent/dpec/add", { apprenantId: id, agrementId: id, sessionId: id }), 422);
        expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id, action: "submit", isSpanish: false }), 422);
        expectEnvelope(await holder.request("PUT", "/back/api/referent/dpec/action", { json: { dpecId: id, session: id } }), 422);
        expectEnvelope(await holder.post("/back/api/referent/createActivity", { planId: id, trainingId: id, startDate: "2026-01-01", userIds: [id] }), 422);
      }
      expectEnvelope(await holder.get("/back/api/referent/dpec/2147483648"), 422);
      expectEnvelope(await holder.get("/back/api/referent/getPlanCollectif/0"), 422);
      expectEnvelope(await holder.get("/back/api/referent/dpec?state=%00"), 422);
      expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id: 1, action: "submit", isSpanish: false, extra: 1 }), 422);
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    const OUT_OF_RANGE = [2_147_483_648, 9_007_199_254_740_992, 1e308];
    test("ids above 2^31-1 in bodies and paths: 422 (setAccountId, notification/read, download, admin userId, path ids)", async () => {
      const agent = await learner();
      const admin = await learner("admin@demo.test");
      const holder = await learner("holder@demo.test");
      const before = await tableCounts(suite.db);
      for (const id of OUT_OF_RANGE) {
        const cases: [Agent, string, unknown, string][] = [
          [agent, "/back/api/user/setAccountId", { accountId: id }, "accountId"],
          [agent, "/back/api/user/notification/read", { ids: [id] }, "ids.0"],
          [agent, "/back/api/user/download", { data: { attestationId: id } }, "data.attestationId"],
          [admin, "/back/api/admin/notifications", { userId: id, title: "Hello" }, "userId"],
          [admin, "/back/api/admin/realtime/reload", { scope: "user", userId: id }, "userId"],
          [
            admin,
            "/back/api/admin/sessions",
            { faceToFaceId: id, name: "S", startDate: "2030-01-10", startTime: "09:00", endTime: "17:00", maxParticipants: 10 },
            "faceToFaceId",
          ],
          [admin, "/back/api/admin/sessions/1/move", { enrolmentId: id, toSessionId: 2 }, "enrolmentId"],
          [admin, "/back/api/admin/sessions/1/waiting-list/promote", { enrolmentId: id }, "enrolmentId"],
          [admin, "/back/api/admin/sessions/1/waiting-list/remove", { enrolmentId: id, confirm: true }, "enrolmentId"],
          [holder, "/back/api/referent/sendEmailToApprenant", { id }, "id"],
          [holder, "/back/api/referent/toggleApprenantActive", { contactId: id, isActive: false }, "contactId"],
          [holder, "/back/api/referent/invoices", { factures: [id] }, "factures.0"],
          [holder, "/back/api/referent/attributeApprenants", { trainingId: id, apprenants: [1] }, "trainingId"],
          [holder, "/back/api/referent/attributeApprenants", { trainingId: 1, sessionId: id, apprenants: [1] }, "sessionId"],
          [holder, "/back/api/referent/attributeApprenants", { trainingId: 1, apprenants: [id] }, "apprenants.0"],
        ];
        for (const [who, path, body, field] of cases) {
          const reply = await who.post(path, body);
          expectEnvelope(reply, 422);
          expect(Object.keys(reply.body.data.errors), path).toEqual([field]);
        }
      }
      for (const path of ["/back/api/user/enrolment/2147483648", "/back/api/training/dpc/sessions/99999999999", "/back/api/user/checkFormation/1/2147483648"]) {
        expectEnvelope(await agent.get(path), 422);
      }
      for (const path of ["/back/api/admin/catalog/trainings/2147483648", "/back/api/admin/sessions/99999999999"]) {
        expectEnvelope(await admin.get(path), 422);
      }
      for (const path of ["/back/api/referent/invoice/2147483648", "/back/api/referent/invoice/0x10/pdf"]) expectEnvelope(await holder.get(path), 422);
      // The pharmacy's order by id (ADR 0053): out of range, not a number, negative, zero, a NUL byte.
      for (const path of [
        "/back/api/referent/getCommand/2147483648",
        "/back/api/referent/getCommand/0x10",
        "/back/api/referent/getCommand/-1",
        "/back/api/referent/getCommand/0",
        "/back/api/referent/getCommand/1%00",
      ]) {
        const reply = await holder.get(path);
        expectEnvelope(reply, 422);
        expect(reply.body.message, path).toBeTruthy();
      }
      const csrf = { headers: { "x-xsrf-token": decodeURIComponent(holder.cookies.get("XSRF-TOKEN") ?? "") } };
      for (const path of ["/back/api/referent/contract/signContractSystemPay/2147483648", "/back/api/referent/contract/signContractSystemPay/0x10"])
        expectEnvelope(await holder.get(path, csrf), 422);
      // The history export job (ADR 0076): ids out of range or not numbers, an unknown field in the start body.
      for (const path of [
        "/back/api/referent/history/exports/2147483648",
        "/back/api/referent/history/exports/0x10/file",
        "/back/api/referent/history/exports/-1",
      ])
        expectEnvelope(await holder.get(path), 422);
      expectEnvelope(await holder.post("/back/api/referent/history/exports", { all: true }), 422);
      // Evidence packs (ADR 0127): ids out of range or not numbers; a body with an unknown field, no scope, a bad date.
      for (const path of [
        "/back/api/referent/evidence-packs/2147483648",
        "/back/api/referent/evidence-packs/0x10/file",
        "/back/api/referent/evidence-packs/-1",
      ])
        expectEnvelope(await holder.get(path), 422);
      for (const body of [{ all: true }, {}, { trainingId: 1, periodStart: "2026-02-30", periodEnd: "2026-03-01" }, { sessionId: "1; drop" }])
        expectEnvelope(await holder.post("/back/api/referent/evidence-packs", body), 422);
      // The team compliance member and their traceability document (ADR 0126): ids out of range or not numbers, with
      // the message in the caller's language.
      for (const path of [
        "/back/api/referent/compliance/members/2147483648",
        "/back/api/referent/compliance/members/0x10",
        "/back/api/referent/compliance/members/0/traceability.pdf",
        "/back/api/referent/compliance/members/1%00/traceability.pdf",
      ]) {
        const reply = await holder.get(path);
        expectEnvelope(reply, 422);
        expect(reply.body.message, path).toBeTruthy();
      }
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("the catalogue tool's edits, moves and deletions (ADR 0080): path ids out of range, unknown fields, wrong types: 422, nothing written", async () => {
      const admin = await learner("admin@demo.test");
      const before = await tableCounts(suite.db);
      const bodies: Record<string, unknown> = {
        courses: { name: "Parcours", moduleType: 1, durationMinutes: 10 },
        modules: { title: "Module", type: 1, durationMinutes: 10 },
        programmes: { actionNumber: "12345678901", name: "P", priceHt: "1", durationMinutes: 1 },
        quizzes: { title: "Quiz", kind: "evaluation" },
        questions: { text: "Q", kind: "single", choices: "*Oui\nNon" },
      };
      for (const [kind, body] of Object.entries(bodies)) {
        for (const id of ["2147483648", "0", "0x10", "1.5", "-1"]) {
          expectEnvelope(await admin.post(`/back/api/admin/catalog/${kind}/${id}`, body), 422);
          expectEnvelope(await admin.post(`/back/api/admin/catalog/${kind}/${id}/delete`, { confirm: true }), 422);
        }
        // An unknown field, and the confirmation or direction of the wrong type: refused on that field.
        const extra = await admin.post(`/back/api/admin/catalog/${kind}/1`, { ...(body as object), trainingId: 2 });
        expectEnvelope(extra, 422);
        expect(Object.keys(extra.body.data.errors), kind).toEqual(["trainingId"]);
        const deletion = await admin.post(`/back/api/admin/catalog/${kind}/1/delete`, { confirm: "yes" });
        expectEnvelope(deletion, 422);
        expect(Object.keys(deletion.body.data.errors), `${kind} delete`).toEqual(["confirm"]);
      }
      for (const kind of ["courses", "modules", "questions"]) {
        for (const body of [{}, { direction: "UP" }, { direction: 1 }, { direction: ["up"] }, { direction: "up", position: 1 }]) {
          expectEnvelope(await admin.post(`/back/api/admin/catalog/${kind}/1/move`, body), 422);
        }
        expectEnvelope(await admin.post(`/back/api/admin/catalog/${kind}/2147483648/move`, { direction: "up" }), 422);
      }
      // Objectives, tags and trainers (ADR 0082): trainer ids out of range or not numbers, an unknown field.
      for (const trainers of [[2_147_483_648], ["0x10"], [1.5], "abc", [{ id: 1 }]]) {
        const reply = await admin.post("/back/api/admin/catalog/trainings/1/details", { trainers });
        expectEnvelope(reply, 422);
        expect(Object.keys(reply.body.data.errors)[0]).toMatch(/^trainers/);
      }
      expectEnvelope(await admin.post("/back/api/admin/catalog/trainings/1/details", { tags: "a", trainingId: 2 }), 422);
      expectEnvelope(await admin.post("/back/api/admin/catalog/trainings/2147483648/details", {}), 422);
      // Pass rules (ADR 0107): wrong types and values on their fields, an unknown field, an id out of range.
      const rules = { attests: "achievement", onFail: "retry", maxAttempts: 3, retryWaitMinutes: 0, countedAttempt: "best", revealAnswers: false };
      const badRules: [Record<string, unknown>, string][] = [
        [{ attests: "pass" }, "attests"],
        [{ onFail: "again" }, "onFail"],
        [{ maxAttempts: 21 }, "maxAttempts"],
        [{ maxAttempts: "0x10" }, "maxAttempts"],
        [{ retryWaitMinutes: 43_201 }, "retryWaitMinutes"],
        [{ retryWaitMinutes: 1.5 }, "retryWaitMinutes"],
        [{ countedAttempt: ["best"] }, "countedAttempt"],
        [{ revealAnswers: "yes" }, "revealAnswers"],
        [{ passScore: 70 }, "passScore"],
      ];
      for (const [change, field] of badRules) {
        const reply = await admin.post("/back/api/admin/catalog/trainings/1/pass-rules", { ...rules, ...change });
        expectEnvelope(reply, 422);
        expect(Object.keys(reply.body.data.errors), JSON.stringify(change)).toEqual([field]);
      }
      expectEnvelope(await admin.post("/back/api/admin/catalog/trainings/2147483648/pass-rules", rules), 422);
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("waiting-list changes (ADR 0085): a wrong type, a missing confirmation or an unknown field is answered on its field, nothing written", async () => {
      const admin = await learner("admin@demo.test");
      const before = await tableCounts(suite.db);
      const cases: [string, unknown, string][] = [
        ["/back/api/admin/sessions/1/waiting-list/promote", { enrolmentId: 1, addSeat: "maybe" }, "addSeat"],
        ["/back/api/admin/sessions/1/waiting-list/promote", { enrolmentId: "abc" }, "enrolmentId"],
        ["/back/api/admin/sessions/1/waiting-list/promote", { enrolmentId: 1, seats: 3 }, "seats"],
        ["/back/api/admin/sessions/1/waiting-list/remove", { enrolmentId: 1 }, "confirm"],
        ["/back/api/admin/sessions/1/waiting-list/remove", { enrolmentId: 1, confirm: false }, "confirm"],
        ["/back/api/admin/sessions/1/waiting-list/remove", { confirm: true }, "enrolmentId"],
      ];
      for (const [path, body, field] of cases) {
        const reply = await admin.post(path, body);
        expectEnvelope(reply, 422);
        const errors = reply.body.data.errors as Record<string, string[]>;
        expect(Object.keys(errors), `${path} ${JSON.stringify(body)}`).toContain(field);
        expect(errors[field]?.[0], `${path} ${JSON.stringify(body)}`).toMatch(/\S/);
      }
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("connectAs with an id out of range is refused before its single-use token is spent", async () => {
      const contactId = await userIdOf("learner@demo.test");
      const token = await issueConnectToken(suite.context(), contactId, null, new Date());
      const agent = await readyAgent();
      for (const body of [
        { contactId, token, accountId: 2_147_483_648 },
        { contactId: 2_147_483_648, token },
        { contactId: String(contactId), token },
      ]) {
        const reply = await agent.post("/back/api/connectAs", body);
        expectEnvelope(reply, 422);
      }
      expectEnvelope(await agent.post("/back/api/connectAs", { contactId, token }), 200);
      expect((await agent.get("/back/api/user/isLogged")).body.data.loggedIn).toBe(true);
    });

    test('wrong types are refused, never coerced: true, "", "0x10", "12", 1.5, arrays and objects', async () => {
      const agent = await learner();
      const [membership] = await queryRows<{ account_id: number }>(
        suite.db,
        sql`select account_id from memberships where user_id = ${await userIdOf("learner@demo.test")} order by account_id limit 1`,
      );
      const before = await tableCounts(suite.db);
      for (const accountId of [true, "", "0x10", String(membership!.account_id), 1.5, [membership!.account_id], { id: 1 }, null]) {
        const reply = await agent.post("/back/api/user/setAccountId", { accountId });
        expectEnvelope(reply, 422);
        expect(Object.keys(reply.body.data.errors)).toEqual(["accountId"]);
      }
      for (const trainingId of [true, "", "0x10", "1"]) {
        expectEnvelope(await agent.post("/back/api/user/formation/subscribe", { trainingId }), 422);
        expectEnvelope(await agent.post("/back/api/user/evaluationQuiz/answer", { trainingId, answers: {} }), 422);
      }
      for (const rating of ["5", true, 4.5]) expectEnvelope(await agent.post("/back/api/feedback/demo-feedback-fr-nojs", { rating }), 422);
      for (const position of ["10", true, 1.5]) expectEnvelope(await agent.post("/back/api/user/video/module/currentFlow/1", { position }), 422);
      // Paths and query strings are text by nature: decimal digits only.
      for (const id of ["0x10", "1e3", "%201", "+1", "01"]) expectEnvelope(await agent.get(`/back/api/user/enrolment/${id}`), 422);
      for (const id of ["0x10", "1e3", "true"]) expectEnvelope(await agent.get(`/back/api/user/evaluationQuiz?trainingId=${id}`), 422);
      expect(await tableCounts(suite.db)).toEqual(before);
      expectEnvelope(await agent.post("/back/api/user/setAccountId", { accountId: membership!.account_id }), 200);
    });

    test("endpoints without a body refuse one: virtualSessions/all, unsubscribe, logout", async () => {
      const agent = await learner();
      const before = await tableCounts(suite.db);
      for (const path of ["/back/api/virtualSessions/all", "/back/api/course/unsubscribe/1", "/back/api/logout"]) {
        for (const body of ["{not json", '{"sessionId": "x"}', "[1]"]) {
          const reply = await agent.request("POST", path, { body, headers: { "content-type": "application/json" } });
          expectEnvelope(reply, 422);
        }
      }
      expect(await tableCounts(suite.db)).toEqual(before);
      expectEnvelope(await agent.post("/back/api/virtualSessions/all", {}), 200);
      expectEnvelope(await agent.request("POST", "/back/api/virtualSessions/all"), 200);
      expect((await agent.get("/back/api/user/isLogged")).body.data.loggedIn).toBe(true);
    });
  });
});
