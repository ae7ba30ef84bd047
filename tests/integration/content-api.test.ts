// The public content API (/back/api/content/...): brand-scoped reads in the brand's content language,
// sanitised HTML, the contact form and the custom survey (validation, nothing stored on bad input,
// honeypot, rate limit, mail to the brand).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import * as t from "../../server/db/schema/index.ts";
import { seedContentExtra } from "../../server/db/seed/content-extra.ts";
import { makeClock } from "../../server/db/seed/util.ts";
import { backends, countRows, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { TEST_DATA_DIR } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";
import { allMails } from "../support/mailbox.ts";

const HOSTS = { fr: "localhost", be: "be.localhost", es: "es.localhost" } as const;
let unique = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${unique++}@example.test`;

describe.each(backends())("content API (%s)", (backend) => {
  const suite = useSuite(backend);

  beforeAll(async () => {
    await seedContentExtra(suite.db, makeClock(new Date()));
  });

  const api = (brand: keyof typeof HOSTS, language = "fr-FR") => suite.agent({ host: HOSTS[brand], "accept-language": language });

  async function ready(brand: keyof typeof HOSTS, language = "fr-FR"): Promise<Agent> {
    const agent = api(brand, language);
    await agent.csrf();
    return agent;
  }

  describe("news", () => {
    test("a page holds 10 published items of the brand, newest first; drafts never show", async () => {
      const first = await api("fr").get("/back/api/content/news");
      expectEnvelope(first, 200);
      const { items, page, pageSize, pageCount, total } = first.body.data;
      expect({ page, pageSize }).toEqual({ page: 1, pageSize: 10 });
      expect(total).toBeGreaterThan(10);
      expect(pageCount).toBe(Math.ceil(total / 10));
      expect(items).toHaveLength(10);
      const dates = items.map((item: { publishedAt: string }) => item.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);

      const second = await api("fr").get("/back/api/content/news?page=2");
      expectEnvelope(second, 200);
      expect(second.body.data.items).toHaveLength(total - 10);
      const slugs = [...items, ...second.body.data.items].map((item: { slug: string }) => item.slug);
      expect(new Set(slugs).size).toBe(total);
      expect(slugs).not.toContain("brouillon-programme-2026");
      expect(slugs).not.toContain("formacion-bonificada-fundae");
    });

    test("pages out of range are 404, malformed ones 422, in the caller's language", async () => {
      const beyond = await api("fr").get("/back/api/content/news?page=3");
      expectEnvelope(beyond, 404);
      expect(beyond.body.message).toBe("Ce numéro de page n'existe pas.");
      expectEnvelope(await api("fr").get("/back/api/content/news?page=0"), 422);
      expectEnvelope(await api("fr").get("/back/api/content/news?page=abc"), 422);
      expectEnvelope(await api("fr").get("/back/api/content/news?page=1&size=500"), 422);
    });

    test("a news item of the brand, with the latest others; other brands' items and drafts are 404", async () => {
      const reply = await api("fr").get("/back/api/content/news/nouvelles-formations-trod");
      expectEnvelope(reply, 200);
      expect(reply.body.data.news).toMatchObject({ slug: "nouvelles-formations-trod", title: expect.stringContaining("TROD") });
      expect(reply.body.data.news.body).toContain("<strong>Angine et cystite</strong>");
      expect(reply.body.data.latest).toHaveLength(3);
      expect(reply.body.data.latest.map((n: { slug: string }) => n.slug)).not.toContain("nouvelles-formations-trod");

      const spanish = await api("es", "es-ES").get("/back/api/content/news/formacion-bonificada-fundae");
      expectEnvelope(spanish, 200);
      expect(spanish.body.data.news.title).toContain("FUNDAE");

      for (const slug of ["formacion-bonificada-fundae", "brouillon-programme-2026", "nope", "UPPER", "_x"]) {
        expectEnvelope(await api("fr").get(`/back/api/content/news/${slug}`), 404);
      }
    });

    test("HTML from the database is sanitised", async () => {
      const now = new Date(Date.now() - 60_000);
      await suite.db.insert(t.news).values({
        brand: "be",
        lang: "fr",
        slug: "test-sanitise",
        title: "Sanitise",
        summary: "",
        body: `<h1>Titre</h1><p onclick="steal()">ok <a href="javascript:alert(1)">js</a> <a href="https://example.org/x" target="_blank">ext</a></p><script>alert(1)</script><img src="x.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>p{}</style><form action="/x"><input name="y"></form>`,
        publishedAt: now,
      });
      const reply = await api("be").get("/back/api/content/news/test-sanitise");
      expectEnvelope(reply, 200);
      const body: string = reply.body.data.news.body;
      expect(body).toContain("<h2>Titre</h2>");
      expect(body).toContain('<a href="https://example.org/x" rel="noopener noreferrer">ext</a>');
      expect(body).toMatch(/<img src="x.png" alt="" loading="lazy" \/>/);
      for (const bad of ["<script", "onclick", "onerror", "javascript:", "<iframe", "<style", "<form", "<input", "target="]) {
        expect(body, bad).not.toContain(bad);
      }
      await suite.db.delete(t.news).where(eq(t.news.slug, "test-sanitise"));
    });
  });

  describe("pages, offer, welcome, trainings", () => {
    test("content pages of the brand in its language; system pages are not public pages", async () => {
      const fr = await api("fr").get("/back/api/content/pages/mentions-legales");
      expectEnvelope(fr, 200);
      expect(fr.body.data).toMatchObject({ slug: "mentions-legales", title: "Mentions légales" });
      // The publisher (the legal identity) is not stored in the page: the page renders it from its one source (ADR 0102).
      expect(fr.body.data.body).toContain("<h2>Hébergement</h2>");
      expect(fr.body.data.body).not.toContain("Formapharm");
      expect(fr.body.data.description.length).toBeGreaterThan(10);
      const es = await api("es", "es-ES").get("/back/api/content/pages/aviso-legal");
      expectEnvelope(es, 200);
      expect(es.body.data.title).toBe("Aviso legal");
      expectEnvelope(await api("fr").get("/back/api/content/pages/aviso-legal"), 404);
      expectEnvelope(await api("fr").get("/back/api/content/pages/_offer"), 404);
      expectEnvelope(await api("fr").get("/back/api/content/pages/..%2F..%2Fetc"), 404);
    });

    test("offer and welcome per brand", async () => {
      const offers = await Promise.all([
        api("fr").get("/back/api/content/offer"),
        api("be").get("/back/api/content/offer"),
        api("es").get("/back/api/content/offer"),
      ]);
      for (const reply of offers) expectEnvelope(reply, 200);
      expect(offers.map((reply) => reply.body.data.title)).toEqual(["Notre offre", "Notre offre", "Nuestra oferta"]);
      expect(offers[1].body.data.body).toContain("la pharmacie");
      const welcome = await api("es").get("/back/api/content/welcome");
      expectEnvelope(welcome, 200);
      expect(welcome.body.data.title).toBe("Bienvenidos");
      expect(welcome.body.data.body).toContain("<ol>");
    });

    test("training types with counts, in the catalogue's type order", async () => {
      const reply = await api("fr").get("/back/api/content/trainings");
      expectEnvelope(reply, 200);
      const { intro, types } = reply.body.data;
      expect(intro.title).toBe("Nos formations");
      expect(types.length).toBeGreaterThanOrEqual(5);
      expect(types.map((x: { type: string }) => x.type)).toContain("formation");
      expect(types.every((x: { count: number }) => x.count > 0)).toBe(true);
      const order = ["dpc", "mixt", "formation", "faceToFaceOnly", "virtualClass", "pdf", "video", "podcast", "webinar", "quiz"];
      const indexes = types.map((x: { type: string }) => order.indexOf(x.type));
      expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
    });
  });

  describe("FAQ and groupings", () => {
    test("sections by type, with questions in order; answers sanitised", async () => {
      const all = await api("es").get("/back/api/content/faq");
      expectEnvelope(all, 200);
      const types = all.body.data.sections.map((s: { type: string }) => s.type);
      expect(types).toEqual(["general", "shop", "funding"]);
      const funding = await api("es").get("/back/api/content/faq?type=funding");
      expectEnvelope(funding, 200);
      expect(funding.body.data.sections).toHaveLength(1);
      expect(funding.body.data.sections[0].title).toBe("Formación bonificada (FUNDAE)");
      expect(funding.body.data.sections[0].questions).toHaveLength(6);
      expect(funding.body.data.sections[0].questions[0].question).toBe("¿Qué es la formación bonificada?");
      const general = await api("fr").get("/back/api/content/faq?type=general,shop");
      expect(general.body.data.sections.map((s: { type: string }) => s.type)).toEqual(["general", "general", "shop"]);
      expectEnvelope(await api("fr").get("/back/api/content/faq?type=bogus"), 422);
    });

    test("groupings of the brand", async () => {
      const fr = await api("fr").get("/back/api/content/groupings");
      expectEnvelope(fr, 200);
      expect(fr.body.data.groupings.map((g: { slug: string }) => g.slug)).toEqual(["pharmaciens-associes", "officines-de-proximite", "reseau-sante-conseil"]);
      const es = await api("es").get("/back/api/content/groupings");
      expect(es.body.data.groupings.map((g: { name: string }) => g.name)).toEqual(["Grupo Farmacias Unidas", "Red Farmacéutica del Sur"]);
    });
  });

  describe("experts", () => {
    test("the brand's experts with their training counts, and an expert with their trainings", async () => {
      const list = await api("fr").get("/back/api/content/experts");
      expectEnvelope(list, 200);
      const claire = list.body.data.experts.find((e: { slug: string }) => e.slug === "claire-dubois");
      expect(claire).toMatchObject({ name: "Claire Dubois", photo: expect.stringMatching(/^\/media\/experts\//) });
      expect(claire.trainingCount).toBeGreaterThan(0);
      expect(list.body.data.experts.some((e: { slug: string }) => e.slug === "carmen-ruiz")).toBe(false);

      const detail = await api("fr").get("/back/api/content/experts/claire-dubois");
      expectEnvelope(detail, 200);
      expect(detail.body.data.expert.bio).toContain("Lyon");
      expect(detail.body.data.trainings).toHaveLength(claire.trainingCount);
      for (const training of detail.body.data.trainings) {
        expect(training).toMatchObject({ slug: expect.any(String), type: expect.any(String), displayType: expect.any(String), name: expect.any(String) });
      }
      expectEnvelope(await api("es").get("/back/api/content/experts/claire-dubois"), 404);
      expectEnvelope(await api("fr").get("/back/api/content/experts/nobody"), 404);
    });
  });

  describe("sitemap data", () => {
    test("published news, public pages, experts and published trainings of the brand, with dates", async () => {
      const reply = await api("es").get("/back/api/content/sitemap");
      expectEnvelope(reply, 200);
      const data = reply.body.data;
      expect(data.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(data.news.map((n: { slug: string }) => n.slug)).toContain("formacion-bonificada-fundae");
      expect(data.pages.map((p: { slug: string }) => p.slug)).toEqual(expect.arrayContaining(["aviso-legal", "quienes-somos"]));
      expect(data.pages.some((p: { slug: string }) => p.slug.startsWith("_"))).toBe(false);
      const published = await suite.db
        .select({ slug: t.trainings.slug })
        .from(t.trainings)
        .where(and(eq(t.trainings.brand, "es"), eq(t.trainings.isPublished, true), eq(t.trainings.isTest, false)));
      expect(data.trainings).toHaveLength(published.length);
      expect(data.experts.map((e: { slug: string }) => e.slug)).toContain("carmen-ruiz");
      for (const entry of [...data.news, ...data.pages, ...data.trainings, ...data.experts]) expect(entry.lastmod).toMatch(/^\d{4}-/);
    });
  });

  describe("contact form", () => {
    const valid = () => ({
      name: "Jeanne Test",
      email: uniqueEmail("contact"),
      phone: "+33 1 23 45 67 89",
      subject: `Question ${Date.now().toString(36)}-${unique++}`,
      message: "Bonjour, je voudrais des informations sur vos formations DPC.",
      consent: true,
    });

    const outboxMail = (subject: string): string | null => allMails(TEST_DATA_DIR).find((text) => text.includes(subject)) ?? null;

    test("a valid message is stored for the brand and mailed to its contact address", async () => {
      const agent = await ready("fr", "fr-FR");
      const input = valid();
      const reply = await agent.post("/back/api/content/contact", input);
      expectEnvelope(reply, 201);
      expect(reply.body.message).toBe("Merci, votre message a bien été envoyé. Nous vous répondrons rapidement.");
      const [row] = await suite.db.select().from(t.contactMessages).where(eq(t.contactMessages.email, input.email));
      expect(row).toMatchObject({ brand: "fr", kind: "contact", name: input.name, subject: input.subject, phone: input.phone, userId: null });
      const mail = outboxMail(input.subject);
      expect(mail).not.toBeNull();
      expect(mail).toMatch(/^To: contact@officine-academie\.test$/m);
      expect(mail).toMatch(new RegExp(`^Reply-To: ${input.email.replace(/[.]/g, "\\.")}$`, "m"));

      const spanish = await ready("es", "es-ES");
      const es = { ...valid(), consent: "on" };
      const esReply = await spanish.post("/back/api/content/contact", es);
      expectEnvelope(esReply, 201);
      expect(esReply.body.message).toBe("Gracias, su mensaje se ha enviado. Le responderemos en breve.");
      const [esRow] = await suite.db.select().from(t.contactMessages).where(eq(t.contactMessages.email, es.email));
      expect(esRow.brand).toBe("es");
      expect(outboxMail(es.subject)).toMatch(/^To: hola@aulafarma\.test$/m);
    });

    test("a logged-in sender is linked to the message", async () => {
      const agent = api("fr");
      expectEnvelope(await agent.login("learner@demo.test"), 200);
      const input = valid();
      expectEnvelope(await agent.post("/back/api/content/contact", input), 201);
      const [row] = await suite.db.select().from(t.contactMessages).where(eq(t.contactMessages.email, input.email));
      expect(row.userId).not.toBeNull();
    });

    const badCases = [
      {
        language: "fr-FR",
        message: "Certains champs sont invalides.",
        body: { name: "", email: "pas-une-adresse", subject: "Ok?", message: "court", consent: false, phone: "abc" },
        errors: {
          name: ["Ce champ est obligatoire."],
          email: ["Saisissez une adresse e-mail valide."],
          phone: ["Saisissez un numéro de téléphone valide."],
          message: ["Trop court (10 caractères au moins)."],
          consent: ["Veuillez donner votre accord pour que nous puissions traiter votre demande."],
        },
      },
      {
        language: "es-ES",
        message: "Algunos campos no son válidos.",
        body: { email: "x@example.test", subject: "Hola", message: "Un mensaje suficientemente largo." },
        errors: { name: ["Este campo es obligatorio."], consent: ["Acepte para que podamos tramitar su solicitud."] },
      },
      {
        language: "en-US",
        message: "Some fields are invalid.",
        body: { name: "A", email: "a@example.test", subject: "Hello", message: "A long enough message.", consent: "maybe", admin: true },
        errors: { consent: ["Please accept so that we can process your request."], admin: ["Unknown field."] },
      },
    ];
    test.each(badCases)("bad input is a 422 in the caller's language ($language) and nothing is stored", async ({ language, message, body, errors }) => {
      const agent = await ready("fr", language);
      const before = await tableCounts(suite.db);
      const reply = await agent.post("/back/api/content/contact", body);
      expectEnvelope(reply, 422);
      expect(reply.body.message).toBe(message);
      expect(reply.body.data.errors).toEqual(errors);
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("malformed bodies are 4xx and store nothing", async () => {
      const agent = await ready("fr");
      const before = await countRows(suite.db, "contact_messages");
      expectEnvelope(await agent.request("POST", "/back/api/content/contact", { body: "{", headers: { "content-type": "application/json" } }), 422);
      expectEnvelope(await agent.request("POST", "/back/api/content/contact", { body: "[1,2]", headers: { "content-type": "application/json" } }), 422);
      expectEnvelope(await agent.post("/back/api/content/contact", { ...valid(), message: "x".repeat(5001) }), 422);
      expectEnvelope(await agent.post("/back/api/content/contact", { ...valid(), email: ["a@b.test"] }), 422);
      expectEnvelope(await agent.post("/back/api/content/contact", valid(), { csrf: false }), 419);
      expect(await countRows(suite.db, "contact_messages")).toBe(before);
    });

    test("a filled honeypot answers like a success and keeps nothing", async () => {
      const agent = await ready("fr");
      const before = await tableCounts(suite.db);
      const reply = await agent.post("/back/api/content/contact", { ...valid(), website: "https://spam.example" });
      expectEnvelope(reply, 201);
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("more than 3 messages from one address in 15 minutes are refused (429); others still pass", async () => {
      const agent = await ready("be", "fr-BE");
      const email = uniqueEmail("flood");
      // The address is compared without case.
      for (const variant of [email, email.toUpperCase(), email])
        expectEnvelope(await agent.post("/back/api/content/contact", { ...valid(), email: variant }), 201);
      const before = await countRows(suite.db, "contact_messages");
      const blocked = await agent.post("/back/api/content/contact", { ...valid(), email });
      expectEnvelope(blocked, 429);
      expect(blocked.body.message).toBe("Vous avez envoyé plusieurs messages en peu de temps. Réessayez dans 15 minutes.");
      expect(await countRows(suite.db, "contact_messages")).toBe(before);
      expectEnvelope(await agent.post("/back/api/content/contact", valid()), 201);
    });
  });

  describe("custom survey", () => {
    const valid = () => ({
      pharmacyName: "Pharmacie du Centre",
      contactName: "Paul Test",
      email: uniqueEmail("survey"),
      teamSize: "4-6",
      topics: ["vaccination", "screening", "vaccination"],
      formats: "elearning",
      period: "3months",
      details: "Nous ouvrons un espace de vaccination.",
      consent: "on",
    });

    test("answers are stored for the brand with the lists normalised", async () => {
      const agent = await ready("fr");
      const input = valid();
      const reply = await agent.post("/back/api/content/survey", input);
      expectEnvelope(reply, 201);
      expect(reply.body.message).toBe("Merci, vos réponses ont bien été envoyées. Un conseiller vous contactera.");
      const rows = await suite.db.select().from(t.surveyAnswers).where(eq(t.surveyAnswers.survey, "custom-training"));
      const row = rows.find((r) => (r.answers as { email?: string }).email === input.email);
      expect(row).toBeDefined();
      expect(row!.brand).toBe("fr");
      expect(row!.answers).toMatchObject({
        pharmacyName: "Pharmacie du Centre",
        teamSize: "4-6",
        topics: ["vaccination", "screening"],
        formats: ["elearning"],
        period: "3months",
        locale: "fr-FR",
      });
      expect(row!.answers).not.toHaveProperty("consent");
    });

    test("bad input is a 422 with field errors and nothing is stored", async () => {
      const agent = await ready("es", "es-ES");
      const before = await tableCounts(suite.db);
      const reply = await agent.post("/back/api/content/survey", { ...valid(), teamSize: "huge", topics: [], formats: ["teleport"], period: "", consent: "" });
      expectEnvelope(reply, 422);
      expect(reply.body.data.errors).toEqual({
        teamSize: ["Valor no válido."],
        topics: ["Elija al menos una opción."],
        formats: ["Valor no válido."],
        period: ["Este campo es obligatorio."],
        consent: ["Acepte para que podamos tramitar su solicitud."],
      });
      expect(await tableCounts(suite.db)).toEqual(before);
    });
  });
});
