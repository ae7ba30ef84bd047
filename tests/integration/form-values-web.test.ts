// Issue 28, item 12: the back office and pharmacy forms with a number or an optional field, posted as a browser
// without JavaScript posts them (each form read from its page, through the web tier's action), with a value and left
// blank: what was typed is what is stored. The web action parses the form with the API's schema and the API parses the
// action's JSON again; a field that only took the form's text refused every number ("Valeur invalide.").
// Issue 30, item 9: after an error every value typed comes back (text, selects, checkboxes), form by form (a table),
// and the invitation's form starts with the names the holder typed.
import { and, asc, desc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { hashToken } from "../../server/back/modules/auth/tokens.ts";
import {
  accounts,
  authTokens,
  courses,
  discountCodes,
  dpcProgrammes,
  faceToFaceSessions,
  faceToFaces,
  memberships,
  modules,
  quizzes,
  trainingPlanActivities,
  trainingPlans,
  trainings,
} from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { filledForm, formField, formFields, formMarkup } from "./support/html-forms.ts";
import { cookieBrowser, decodeHtml } from "./support/page-request.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("numbers and optional fields through the web forms, without JavaScript (%s)", (backend) => {
  const suite = useSuite(backend);

  async function loggedIn(email: string) {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  async function browserOf(email: string) {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login(email), 200);
    const browser = cookieBrowser(suite.origin, agent.cookies);
    return {
      get: async (path: string) => decodeHtml((await browser.get(path)).text),
      /** Opens `from`, fills the form of `testId` as a browser sends it with `changes`, posts it to `from`. */
      submit: async (from: string, testId: string, changes: Record<string, string | string[]>, intent: string | null = null) => {
        const html = (await browser.get(from)).text;
        const reply = await browser.send(from, { method: "POST", body: filledForm(html, testId, changes, intent) });
        return { ...reply, text: decodeHtml(reply.text) };
      },
    };
  }

  test("a discount code with usage limits: created with the limits typed; blank limits are none; a limit of 0 is refused", async () => {
    const admin = await browserOf("admin@demo.test");
    const limited = `LIMITES${backend.toUpperCase()}`;
    const created = await admin.submit(
      "/admin/discountCodes",
      "code-form",
      { brand: "fr", code: limited, kind: "percentage", value: "10", maxUses: "10", maxUsesPerCustomer: "2" },
      "create",
    );
    expect(created.status, created.text.slice(0, 300)).toBe(302);
    const [row] = await suite.db.select().from(discountCodes).where(eq(discountCodes.code, limited));
    expect(row).toMatchObject({ maxUses: 10, maxUsesPerCustomer: 2, kind: "percentage", value: 1000 });

    const open = `SANSLIMITE${backend.toUpperCase()}`;
    expect(
      (
        await admin.submit(
          "/admin/discountCodes",
          "code-form",
          { brand: "fr", code: open, kind: "fixed", value: "5", maxUses: "", maxUsesPerCustomer: "" },
          "create",
        )
      ).status,
    ).toBe(302);
    const [unlimited] = await suite.db.select().from(discountCodes).where(eq(discountCodes.code, open));
    expect(unlimited).toMatchObject({ maxUses: null, maxUsesPerCustomer: null, kind: "fixed", value: 500 });

    const before = await tableCounts(suite.db);
    const zero = await admin.submit(
      "/admin/discountCodes",
      "code-form",
      { brand: "fr", code: "ZEROUSE", kind: "fixed", value: "5", maxUses: "0", maxUsesPerCustomer: "1" },
      "create",
    );
    expect(zero.status).toBe(422);
    const form = formMarkup(zero.text, "code-form");
    expect(formField(form, "maxUses")).toMatchObject({ value: "0", invalid: true, message: "Doit être au moins 1." });
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("the catalogue tool: points left blank, durations, a quiz with and without a pass score, a programme, a course and a module", async () => {
    const admin = await browserOf("admin@demo.test");
    const slug = `valeurs-${backend}`;
    const created = await admin.submit("/admin/catalog/new", "training-form", {
      brand: "fr",
      slug,
      type: "formation",
      name: "Valeurs des formulaires",
      durationMinutes: "95",
      priceHt: "80",
      points: "",
    });
    expect(created.status, created.text.slice(0, 300)).toBe(302);
    const [training] = await suite.db.select().from(trainings).where(eq(trainings.slug, slug));
    expect(training).toMatchObject({ durationMinutes: 95, points: 0, priceHtCents: 8000 });
    const page = `/admin/catalog/${training.id}`;

    expect((await admin.submit(page, "form-addQuiz", { title: "Avec seuil", kind: "post_test", passScore: "80" }, "addQuiz")).status).toBe(302);
    expect((await admin.submit(page, "form-addQuiz", { title: "Sans seuil", kind: "evaluation", passScore: "" }, "addQuiz")).status).toBe(302);
    const stored = await suite.db.select().from(quizzes).where(eq(quizzes.trainingId, training.id)).orderBy(asc(quizzes.id));
    expect(stored.map((q) => [q.title, q.passScore])).toEqual([
      ["Avec seuil", 80],
      ["Sans seuil", null],
    ]);
    // The threshold cleared on the quiz's own form: none any more.
    expect((await admin.submit(page, `form-editQuiz-${stored[0].id}`, { passScore: "" }, "editQuiz")).status).toBe(302);
    expect((await suite.db.select().from(quizzes).where(eq(quizzes.id, stored[0].id)))[0].passScore).toBeNull();

    expect(
      (
        await admin.submit(
          page,
          "form-addProgramme",
          { actionNumber: "96826600009", name: "Programme DPC", priceHt: "420,50", durationMinutes: "420" },
          "addProgramme",
        )
      ).status,
    ).toBe(302);
    const [programme] = await suite.db.select().from(dpcProgrammes).where(eq(dpcProgrammes.trainingId, training.id));
    expect(programme).toMatchObject({ durationMinutes: 420, priceHtCents: 42_050 });

    expect((await admin.submit(page, "form-addCourse", { name: "Partie 1", moduleType: "1", durationMinutes: "45" }, "addCourse")).status).toBe(302);
    const [course] = await suite.db.select().from(courses).where(eq(courses.trainingId, training.id));
    expect(course).toMatchObject({ name: "Partie 1", durationMinutes: 45 });
    expect((await admin.submit(page, `form-addModule-${course.id}`, { title: "Vidéo", type: "4", durationMinutes: "12" }, "addModule")).status).toBe(302);
    const [module] = await suite.db.select().from(modules).where(eq(modules.courseId, course.id));
    expect(module).toMatchObject({ title: "Vidéo", type: 4, durationMinutes: 12 });
  });

  test("a session: seats typed, optional place left blank, then the seats changed on the session's page", async () => {
    const admin = await browserOf("admin@demo.test");
    const [group] = await suite.db
      .select({ id: faceToFaces.id, trainingId: faceToFaces.trainingId })
      .from(faceToFaces)
      .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
      .where(and(eq(trainings.brand, "fr"), eq(faceToFaces.virtualClass, false)))
      .orderBy(asc(faceToFaces.id))
      .limit(1);
    const name = `Session des valeurs ${backend}`;
    const added = await admin.submit(
      `/admin/catalog/${group.trainingId}`,
      `form-addSession-${group.id}`,
      { name, startDate: "2031-04-08", startTime: "09:00", endTime: "12:00", maxParticipants: "14", city: "", postalCode: "", address: "" },
      "addSession",
    );
    expect(added.status, added.text.slice(0, 300)).toBe(302);
    const [session] = await suite.db.select().from(faceToFaceSessions).where(eq(faceToFaceSessions.name, name));
    expect(session).toMatchObject({ maxParticipants: 14, city: null, postalCode: null, address: null });

    const saved = await admin.submit(`/admin/faceToFace/${session.id}`, "form-save", { maxParticipants: "25", city: "Lyon" }, "save");
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    expect((await suite.db.select().from(faceToFaceSessions).where(eq(faceToFaceSessions.id, session.id)))[0]).toMatchObject({
      maxParticipants: 25,
      city: "Lyon",
    });
  });

  test("the pharmacy's collective plan: an activity on one day (no finish date) and one over several days", async () => {
    const holder = await browserOf("holder@demo.test");
    const [account] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    const [plan] = await suite.db.select().from(trainingPlans).where(eq(trainingPlans.accountId, account.id)).orderBy(desc(trainingPlans.id)).limit(1);
    expect(plan, "a collective plan of the demo pharmacy").toBeDefined();
    const [member] = await suite.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.accountId, account.id), eq(memberships.isActive, true)))
      .limit(1);
    const page = `/gestion/ma-pharmacie/plan-collectif/${plan.id}`;
    const day = plan.startDate;
    const trainingId = /name="trainingId"[\s\S]*?<option value="(\d+)"/.exec(formMarkup(await holder.get(page), "activity-form"))![1];
    const oneDay = await holder.submit(page, "activity-form", { trainingId, startDate: day, finishDate: "", userIds: String(member.userId) });
    expect(oneDay.status, oneDay.text.slice(0, 300)).toBe(302);
    const days = await holder.submit(page, "activity-form", { trainingId, startDate: day, finishDate: plan.endDate, userIds: String(member.userId) });
    expect(days.status).toBe(302);
    const activities = await suite.db
      .select()
      .from(trainingPlanActivities)
      .where(eq(trainingPlanActivities.planId, plan.id))
      .orderBy(desc(trainingPlanActivities.id))
      .limit(2);
    expect(activities.map((a) => [a.startDate, a.finishDate])).toEqual([
      [day, plan.endDate],
      [day, null],
    ]);
  });

  /** An invitation a holder sent with the invitee's names (as the team page stores it), and its raw token. */
  async function invitation(tag: string) {
    const [account] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    const token = `form-values-${tag}-${backend}`;
    const payload = { accountId: account.id, role: "learner", brand: "fr", locale: "fr-FR", firstName: "Zoé", lastName: "Invitée" };
    await suite.db.insert(authTokens).values({
      kind: "invitation",
      tokenHash: hashToken(token),
      accountId: account.id,
      email: null,
      payload: JSON.stringify(payload),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return token;
  }

  test("the invitation's form starts with the names the holder typed", async () => {
    const token = await invitation("names");
    const guest = cookieBrowser(suite.origin, [], { language: "fr-FR" });
    const form = formMarkup(decodeHtml((await guest.get(`/abonnement/creer-mon-compte?token=${token}`)).text), "create-account-form");
    expect(formField(form, "firstName").value).toBe("Zoé");
    expect(formField(form, "lastName").value).toBe("Invitée");
  });

  /**
   * Each form posted with one bad field and every other field typed: 422, the bad field flagged, and every typed value
   * back in the form as the browser would send it again (passwords excepted: never echoed). Nothing is stored.
   */
  type Case = {
    name: string;
    who: string | null;
    page: (tag: string) => Promise<string>;
    testId: string;
    typed: Record<string, string>;
    bad: string;
    hidden?: string[];
    intent?: string;
  };
  const CASES: Case[] = [
    {
      name: "account creation from an invitation: names, profession, the accepted terms",
      who: null,
      page: async (tag) => `/abonnement/creer-mon-compte?token=${await invitation(tag)}`,
      testId: "create-account-form",
      typed: {
        email: "zoe.typed@demo.test",
        firstName: "Zoé-Marie",
        lastName: "Typée",
        profession: "preparer",
        password: "Secret-typed-42",
        passwordConfirmation: "Secret-other-42",
        acceptTerms: "on",
      },
      bad: "passwordConfirmation",
      hidden: ["password", "passwordConfirmation"],
    },
    {
      name: "profile: names, gender and profession selects, professional number",
      who: "learner@demo.test",
      page: async () => "/compte/profil/infos",
      testId: "form-user-data",
      intent: "userData",
      typed: { firstName: "", lastName: "Nom tapé", gender: "X", profession: "student", professionalNumber: "10101010101" },
      bad: "firstName",
    },
    {
      name: "profile: mobile phone",
      who: "learner@demo.test",
      page: async () => "/compte/profil/infos",
      testId: "form-mobile-phone",
      intent: "mobilePhone",
      typed: { mobilePhone: "06 pas un numéro" },
      bad: "mobilePhone",
    },
    {
      name: "profile: phone and birth date",
      who: "learner@demo.test",
      page: async () => "/compte/profil/infos",
      testId: "form-personal-data",
      intent: "personalData",
      typed: { phone: "04 72 00 00 00", birthDate: "2199-01-01" },
      bad: "birthDate",
    },
  ];

  test.each(CASES)("$name: after an error every typed value comes back", async ({ who, page, testId, typed, bad, hidden = [], intent = null }) => {
    const path = await page(testId);
    const browser = who
      ? cookieBrowser(suite.origin, (await loggedIn(who)).cookies, { language: "fr-FR" })
      : cookieBrowser(suite.origin, [], { language: "fr-FR" });
    const html = (await browser.get(path)).text;
    // An unchecked box is not in the page's form as sent: the typed "on" adds it.
    const before = await tableCounts(suite.db);
    const reply = await browser.send(path, { method: "POST", body: filledForm(html, testId, typed, intent) });
    expect(reply.status, decodeHtml(reply.text).slice(0, 300)).toBe(422);
    const form = formMarkup(decodeHtml(reply.text), testId);
    expect(formField(form, bad).invalid, `${bad} flagged`).toBe(true);
    const sent = new Map(formFields(form));
    for (const [name, value] of Object.entries(typed)) {
      if (hidden.includes(name)) continue;
      expect(sent.get(name), `${name} typed back`).toBe(value);
    }
    expect(await tableCounts(suite.db)).toEqual(before);
  });
});
