// The back office's forms as the browser without JavaScript posts them (each form read from its page, fields as the
// browser would send them): a training edited then unpublished (the public catalogue follows, even for a guest whose
// page was cached); an expert edited and published, a news item created and published (its publication date set
// once); the FAQ section path checked against the section's type, the question page, FAQ forms with bad input; bad
// input on the session and training forms: a message per field, what was typed kept, nothing written.
import { and, asc, eq, gt } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog, faceToFaceSessions, faceToFaces, faqQuestions, faqSections, news, people, trainings } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { cookieBrowser, decodeHtml, pageRequest } from "./support/page-request.ts";
import { formField, formFields, formMarkup } from "./support/html-forms.ts";

const request = pageRequest;

const decode = decodeHtml;
const field = formField;

describe.each(backends())("back office forms without JavaScript (%s)", (backend) => {
  // The guest page cache stays on: a change must show to guests at once, even on a page they already loaded.
  const suite = useSuite(backend, { PAGE_CACHE: "on", PAGE_CACHE_TTL_MS: "60000" });

  async function adminBrowser() {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login("admin@demo.test"), 200);
    const browser = cookieBrowser(suite.origin, agent.cookies);
    const { get } = browser;
    return {
      get,
      /** Reads the form of `testId` on `from` as the browser would send it, changes some fields, posts it to `to`. */
      submit: async (from: string, testId: string, intent: string | null, changes: Record<string, string | string[]>, to = from) => {
        const form = formMarkup((await get(from)).text, testId);
        const fields = formFields(form).filter(([name]) => !(name in changes));
        for (const [name, value] of Object.entries(changes)) for (const v of Array.isArray(value) ? value : [value]) fields.push([name, v]);
        if (intent) fields.push(["intent", intent]);
        return browser.send(to, { method: "POST", body: new URLSearchParams(fields).toString() });
      },
    };
  }

  const guestPage = async (path: string) => {
    const page = await request(suite.origin, path);
    return { status: page.status, text: decode(page.text) };
  };

  test("a training edited then unpublished: the catalogue a guest already loaded (cached) follows each change", async () => {
    const admin = await adminBrowser();
    // A published training on the guest's first catalogue page, which the guest page cache now keeps.
    const first = await guestPage("/catalogue");
    expect(first.status).toBe(200);
    const listed = (await suite.db.select().from(trainings).where(eq(trainings.isPublished, true)).orderBy(asc(trainings.id))).filter(
      (t) => t.brand === "fr" && first.text.includes(`/${t.slug}"`),
    );
    expect(listed.length, "a training on the guest's catalogue page").toBeGreaterThan(0);
    const training = listed[0];
    const coursePath = new RegExp(`href="(/[a-z-]+/${training.slug})"`).exec(first.text)![1];
    expect((await guestPage(coursePath)).status).toBe(200);
    expect((await guestPage("/catalogue")).text).toContain(training.name);

    // The edit form, as the browser sends it, with a new name and price.
    const editPath = `/admin/catalog/${training.id}`;
    const renamed = `${training.name} (édition ${backend})`;
    const saved = await admin.submit(editPath, "form-save", "save", { name: renamed, priceHt: "123,45" });
    expect(saved.status).toBe(302);
    const [afterEdit] = await suite.db.select().from(trainings).where(eq(trainings.id, training.id));
    expect(afterEdit).toMatchObject({ name: renamed, priceHtCents: 12_345, isPublished: true, slug: training.slug, type: training.type });
    const [editAudit] = await suite.db.select().from(auditLog).where(eq(auditLog.action, "training.update"));
    expect(editAudit.after).toMatchObject({ name: renamed });
    const cachedAfterEdit = await guestPage("/catalogue");
    expect(cachedAfterEdit.text).toContain(renamed);

    // Unpublished from its page: out of the guest's catalogue and its page gone, at once.
    const page = decode((await admin.get(editPath)).text);
    expect(page).toMatch(/data-testid="publication" data-published="true"/);
    const unpublished = await admin.submit(editPath, "form-unpublish", "unpublish", {});
    expect(unpublished.status).toBe(302);
    expect((await suite.db.select().from(trainings).where(eq(trainings.id, training.id)))[0].isPublished).toBe(false);
    expect(decode((await admin.get(editPath)).text)).toMatch(/data-testid="publication" data-published="false"/);
    const catalogue = await guestPage("/catalogue");
    expect(catalogue.text).not.toContain(renamed);
    expect(catalogue.text).not.toContain(`/${training.slug}"`);
    expect((await guestPage(coursePath)).status).toBe(404);
    const api = await suite.agent().get("/back/api/catalogue?pageSize=100");
    expect((api.body.data.items as { id: number }[]).some((i) => i.id === training.id)).toBe(false);
    expect(await suite.db.$count(auditLog, eq(auditLog.action, "training.unpublish"))).toBe(1);
  });

  test("an expert edited and published; a news item created and published, its publication date set once", async () => {
    const admin = await adminBrowser();
    // The expert: its page shows the published name, job title and biography.
    const [expert] = await suite.db.select().from(people).where(eq(people.brand, "fr")).orderBy(asc(people.id)).limit(1);
    const expertPath = `/admin/editor?kind=expert&id=${expert.id}`;
    const saved = await admin.submit(expertPath, "editor-form", "save", {
      title: "Dr Camille Expert",
      summary: "Pharmacienne, formatrice",
      body: "<p>Vingt ans <strong>d'officine</strong>.</p>",
    });
    expect(saved.status).toBe(302);
    // Saved as a draft only: the public page has not changed yet.
    expect((await guestPage(`/experts/${expert.slug}`)).text).not.toContain("Dr Camille Expert");
    const draftPath = saved.location!;
    const published = await admin.submit(draftPath, "editor-form", "publish", {});
    expect(published.status).toBe(302);
    const [live] = await suite.db.select().from(people).where(eq(people.id, expert.id));
    expect(live).toMatchObject({ name: "Dr Camille Expert", title: "Pharmacienne, formatrice", slug: expert.slug });
    expect(live.bio).toContain("<strong>d'officine</strong>");
    const expertPage = await guestPage(`/experts/${expert.slug}`);
    expect(expertPage.text).toContain("Dr Camille Expert");
    expect(expertPage.text).toContain("Pharmacienne, formatrice");
    expect((await suite.db.select().from(auditLog).where(eq(auditLog.entityType, "expert"))).map((a) => a.action)).toEqual([
      "content.draftSaved",
      "content.published",
    ]);

    // The news item: created (a draft, not online), then published; published_at is the moment of publication.
    const slug = `breve-web-${backend}`;
    const created = await admin.submit("/admin/editor/create-page", "create-form", null, {
      kind: "news",
      brand: "fr",
      lang: "fr",
      slug,
      title: "Nouvelles sessions à Lyon",
    });
    expect(created.status).toBe(302);
    expect(await suite.db.select().from(news).where(eq(news.slug, slug))).toEqual([]);
    expect((await guestPage(`/actualites/${slug}`)).status).toBe(404);
    const before = Date.now();
    const out = await admin.submit(created.location!, "editor-form", "publish", { summary: "Trois dates en mars", body: "<p>Inscriptions ouvertes.</p>" });
    expect(out.status).toBe(302);
    const after = Date.now();
    const [item] = await suite.db.select().from(news).where(eq(news.slug, slug));
    expect(item).toMatchObject({ title: "Nouvelles sessions à Lyon", summary: "Trois dates en mars", brand: "fr", lang: "fr" });
    expect(item.publishedAt).not.toBeNull();
    expect(item.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(item.publishedAt!.getTime()).toBeLessThanOrEqual(after + 1000);
    const newsPage = await guestPage(`/actualites/${slug}`);
    expect(newsPage.status).toBe(200);
    expect(newsPage.text).toContain("Inscriptions ouvertes.");
    expect((await guestPage("/actualites")).text).toContain("Nouvelles sessions à Lyon");
    // Corrected and published again: the text changes, the publication date does not.
    const again = await admin.submit(`/admin/editor?kind=news&id=${item.id}`, "editor-form", "publish", { title: "Nouvelles sessions à Lyon et Lille" });
    expect(again.status).toBe(302);
    const [republished] = await suite.db.select().from(news).where(eq(news.id, item.id));
    expect(republished.title).toBe("Nouvelles sessions à Lyon et Lille");
    expect(republished.publishedAt!.toISOString()).toBe(item.publishedAt!.toISOString());
    expect((await guestPage(`/actualites/${slug}`)).text).toContain("Nouvelles sessions à Lyon et Lille");
  });

  test("FAQ: the section path must name the section's type (404 otherwise); the question page renders; bad input keeps what was typed", async () => {
    const admin = await adminBrowser();
    const [section] = await suite.db.select().from(faqSections).orderBy(asc(faqSections.id)).limit(1);
    const [question] = await suite.db.select().from(faqQuestions).where(eq(faqQuestions.sectionId, section.id)).orderBy(asc(faqQuestions.position)).limit(1);
    const otherType = section.type === "general" ? "shop" : "general";
    const sectionPath = `/admin/faq/section/${section.id}/${section.type}`;
    const sectionPage = await admin.get(sectionPath);
    expect(sectionPage.status).toBe(200);
    expect(decode(sectionPage.text)).toContain(section.title);
    expect((await admin.get(`/admin/faq/section/${section.id}/${otherType}`)).status).toBe(404);
    expect((await admin.get(`/admin/faq/section/${section.id}/nothing`)).status).toBe(404);
    // Its forms at a wrong path change nothing either.
    const counts = await tableCounts(suite.db);
    const wrong = await admin.submit(sectionPath, "section-form", "update-section", { title: "Jamais" }, `/admin/faq/section/${section.id}/${otherType}`);
    expect(wrong.status).toBe(404);
    expect((await suite.db.select().from(faqSections).where(eq(faqSections.id, section.id)))[0].title).toBe(section.title);

    // The question page: the question, its answer and the edit form; "new" gives an empty form.
    const questionPage = decode((await admin.get(`/admin/faq/question/${section.id}/${question.id}`)).text);
    expect(questionPage).toContain(question.question);
    expect(field(formMarkup(questionPage, "question-form"), "question").value).toBe(question.question);
    const newQuestion = decode((await admin.get(`/admin/faq/question/${section.id}/new`)).text);
    expect(field(formMarkup(newQuestion, "question-form"), "question").value ?? "").toBe("");
    expect((await admin.get(`/admin/faq/question/${section.id}/999999`)).status).toBe(404);

    // Bad input: the question empty, the answer too long; the section title empty; a new section without a title.
    const long = "x".repeat(20_001);
    const badQuestion = await admin.submit(`/admin/faq/question/${section.id}/${question.id}`, "question-form", null, { question: "  ", answer: long });
    expect(badQuestion.status).toBe(422);
    const questionForm = formMarkup(decode(badQuestion.text), "question-form");
    expect(field(questionForm, "question")).toMatchObject({ invalid: true, message: "Ce champ est obligatoire." });
    expect(field(questionForm, "answer").invalid).toBe(true);
    expect(field(questionForm, "answer").value).toBe(long);
    const badSection = await admin.submit(sectionPath, "section-form", "update-section", { title: "" });
    expect(badSection.status).toBe(422);
    expect(field(formMarkup(decode(badSection.text), "section-form"), "title")).toMatchObject({ invalid: true, message: "Ce champ est obligatoire." });
    const badNew = await admin.submit("/admin/faq", "new-section-form", "create-section", { title: "", type: "shop", brand: "be" });
    expect(badNew.status).toBe(422);
    const newForm = formMarkup(decode(badNew.text), "new-section-form");
    expect(field(newForm, "title")).toMatchObject({ invalid: true, message: "Ce champ est obligatoire." });
    expect(newForm).toMatch(/<option value="shop" selected="">/);
    expect(newForm).toMatch(/<option value="be" selected="">/);
    expect(await tableCounts(suite.db)).toEqual(counts);
    expect((await suite.db.select().from(faqQuestions).where(eq(faqQuestions.id, question.id)))[0]).toEqual(question);
  });

  test("bad input on the session forms (create and edit) and the training edit: a message per field, what was typed kept, nothing written", async () => {
    const admin = await adminBrowser();
    const [session] = await suite.db
      .select({ session: faceToFaceSessions, trainingId: faceToFaces.trainingId, groupId: faceToFaces.id })
      .from(faceToFaceSessions)
      .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
      .where(and(eq(faceToFaces.virtualClass, false), gt(faceToFaceSessions.currentParticipants, 1)))
      .orderBy(asc(faceToFaceSessions.id))
      .limit(1);
    const counts = await tableCounts(suite.db);
    const trainingsBefore = await suite.db.select().from(trainings).orderBy(asc(trainings.id));
    const sessionsBefore = await suite.db.select().from(faceToFaceSessions).orderBy(asc(faceToFaceSessions.id));

    // A new session from the training page: an empty name, a day that does not exist, seats in words, an hour too late.
    const trainingPath = `/admin/catalog/${session.trainingId}`;
    const addKey = `form-addSession-${session.groupId}`;
    const created = await admin.submit(trainingPath, addKey, "addSession", {
      name: "",
      startDate: "2030-02-30",
      maxParticipants: "douze",
      startTime: "14:00",
      endTime: "24:30",
      city: "Saint-Étienne",
    });
    expect(created.status).toBe(422);
    const addForm = formMarkup(decode(created.text), addKey);
    for (const name of ["name", "startDate", "maxParticipants", "endTime"]) {
      const state = field(addForm, name);
      expect(state.invalid, name).toBe(true);
      expect(state.message, name).toBeTruthy();
    }
    expect(field(addForm, "name").message).toBe("Ce champ est obligatoire.");
    expect(field(addForm, "maxParticipants").value).toBe("douze");
    expect(field(addForm, "startDate").value).toBe("2030-02-30");
    expect(field(addForm, "city")).toMatchObject({ value: "Saint-Étienne", invalid: false });
    expect(field(addForm, "startTime").invalid).toBe(false);
    // The fields right, the end before the start: refused on the end.
    const reversed = await admin.submit(trainingPath, addKey, "addSession", {
      name: "Session du soir",
      startDate: "2030-03-12",
      maxParticipants: "12",
      startTime: "18:00",
      endTime: "09:00",
    });
    expect(reversed.status).toBe(422);
    const reversedForm = formMarkup(decode(reversed.text), addKey);
    expect(field(reversedForm, "endTime")).toMatchObject({ invalid: true, value: "09:00" });
    expect(field(reversedForm, "name")).toMatchObject({ invalid: false, value: "Session du soir" });

    // The session's own edit form: the same checks, and seats below the learners booked refused on that field.
    const sessionPath = `/admin/faceToFace/${session.session.id}`;
    const edited = await admin.submit(sessionPath, "form-save", "save", { name: "   ", maxParticipants: "-3", endTime: "25:99" });
    expect(edited.status).toBe(422);
    const editForm = formMarkup(decode(edited.text), "form-save");
    for (const name of ["name", "maxParticipants", "endTime"]) expect(field(editForm, name).invalid, name).toBe(true);
    expect(field(editForm, "maxParticipants").value).toBe("-3");
    expect(field(editForm, "endTime").value).toBe("25:99");
    expect(field(editForm, "startDate")).toMatchObject({ value: String(session.session.startDate), invalid: false });
    // Fewer seats than learners booked (the demo session has some): refused on the seats, the rest kept.
    const below = await admin.submit(sessionPath, "form-save", "save", {
      maxParticipants: String(session.session.currentParticipants - 1),
      name: "Session gardée",
    });
    expect(below.status).toBe(409);
    const belowForm = formMarkup(decode(below.text), "form-save");
    expect(field(belowForm, "maxParticipants")).toMatchObject({ invalid: true });
    expect(field(belowForm, "maxParticipants").message).toBeTruthy();
    expect(field(belowForm, "name")).toMatchObject({ value: "Session gardée", invalid: false });

    // The training edit form: an empty name, a slug with spaces, a price and a duration in words, both audiences.
    const training = await admin.submit(trainingPath, "form-save", "save", {
      name: "",
      slug: "Pas Bon",
      priceHt: "dix euros",
      durationMinutes: "beaucoup",
      pharmacistsOnly: "on",
      nonPharmacistsOnly: "on",
      shortName: "Gardé",
    });
    expect(training.status).toBe(422);
    const trainingForm = formMarkup(decode(training.text), "form-save");
    for (const name of ["name", "slug", "priceHt", "durationMinutes"]) {
      const state = field(trainingForm, name);
      expect(state.invalid, name).toBe(true);
      expect(state.message, name).toBeTruthy();
    }
    expect(field(trainingForm, "slug")).toMatchObject({ value: "Pas Bon" });
    expect(field(trainingForm, "slug").message).toContain("Seulement des lettres minuscules");
    expect(field(trainingForm, "priceHt")).toMatchObject({ value: "dix euros", message: "Un montant comme 120 ou 120,50." });
    expect(field(trainingForm, "durationMinutes").value).toBe("beaucoup");
    expect(field(trainingForm, "shortName")).toMatchObject({ value: "Gardé", invalid: false });
    expect(trainingForm).toMatch(/name="nonPharmacistsOnly"[^>]*checked=""|checked=""[^>]*name="nonPharmacistsOnly"/);

    expect(await tableCounts(suite.db)).toEqual(counts);
    expect(await suite.db.select().from(trainings).orderBy(asc(trainings.id))).toEqual(trainingsBefore);
    expect(await suite.db.select().from(faceToFaceSessions).orderBy(asc(faceToFaceSessions.id))).toEqual(sessionsBefore);
  });
});
