// GET /back/api/catalogue/search?q=: accent- and case-insensitive full-text search over names, short
// names, descriptions, tags, trainers and authors, best matches first, matches in <mark> (escaped HTML).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { trainings, trainingTags } from "../../server/db/schema/index.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

type Course = Record<string, any>;

describe.each(backends())("catalogue search (%s)", (backend) => {
  const suite = useSuite(backend);

  beforeAll(async () => {
    // A published French training with accents in its title, and one whose name holds markup.
    const [row] = await suite.db
      .insert(trainings)
      .values({
        brand: "fr",
        lang: "fr",
        slug: "pediatrie-fievre-enfant",
        type: "formation",
        name: "Pédiatrie : la fièvre de l'enfant au comptoir",
        shortName: "Fièvre de l'enfant",
        description: "<p>Conduite à tenir devant une fièvre chez le nourrisson & l'enfant.</p>",
        durationMinutes: 90,
        priceHtCents: 9000,
      })
      .returning({ id: trainings.id });
    await suite.db.insert(trainingTags).values({ trainingId: row.id, tag: "Zygomorphe" });
    await suite.db.insert(trainings).values({
      brand: "fr",
      lang: "fr",
      slug: "balises-html-titre",
      type: "formation",
      name: 'Xylophone <script>alert(1)</script> & "guillemets"',
      description: "<p>Un titre piégé.</p>",
      durationMinutes: 30,
    });
  });

  async function search(q: string, options: { host?: string; language?: string; extra?: string } = {}) {
    const agent = suite.agent({ "accept-language": options.language ?? "fr-FR", host: options.host ?? "localhost" });
    return agent.get<{ items: Course[]; total: number; sort: string }>(
      `/back/api/catalogue/search?q=${encodeURIComponent(q)}${options.extra ? `&${options.extra}` : ""}`,
    );
  }

  test("an accent-less query finds an accented title, first, with the word highlighted", async () => {
    const reply = await search("pediatrie");
    expectEnvelope(reply, 200);
    const { items, sort } = reply.body.data;
    expect(sort).toBe("relevance");
    expect(items[0].slug).toBe("pediatrie-fievre-enfant");
    expect(items[0].highlight.name).toBe("<mark>Pédiatrie</mark> : la fièvre de l&#39;enfant au comptoir");
    // Trainings tagged "Pédiatrie" come too, after the title match.
    expect(items.length).toBeGreaterThan(1);
    // The unpublished "Pédiatrie officinale" does not.
    expect(items.map((item) => item.slug)).not.toContain("pediatrie-officinale");
  });

  test.each(["PÉDIATRIE", "Pédiatrie", "pédiatr", "PEDIATRIQUE"])("case, accents and endings do not matter: %s", async (q) => {
    const reply = await search(q);
    expectEnvelope(reply, 200);
    expect(reply.body.data.items.map((item) => item.slug)).toContain("pediatrie-fievre-enfant");
  });

  test("every word must match somewhere; several words narrow the search", async () => {
    const both = await search("fievre nourrisson");
    expect(both.body.data.items.map((item) => item.slug)).toEqual(["pediatrie-fievre-enfant"]);
    expect(both.body.data.items[0].highlight.excerpt).toContain("<mark>nourrisson</mark>");
    const none = await search("fievre zzzzzz");
    expectEnvelope(none, 200);
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
  });

  test("stop words do not restrict a search; a search of stop words only finds nothing", async () => {
    const reply = await search("la fièvre de l'enfant");
    expectEnvelope(reply, 200);
    expect(reply.body.data.items[0].slug).toBe("pediatrie-fievre-enfant");
    expect((await search("la de")).body.data.total).toBe(0);
  });

  test("tags, trainers and authors are searched", async () => {
    expect((await search("zygomorphe")).body.data.items.map((item) => item.slug)).toEqual(["pediatrie-fievre-enfant"]);
    // Claire Dubois trains and writes the TROD programme.
    const byPerson = (await search("dubois")).body.data.items.map((item) => item.slug);
    expect(byPerson).toContain("trod-angine-cystite");
  });

  test("highlighting escapes everything but <mark>", async () => {
    const reply = await search("xylophone");
    const [item] = reply.body.data.items;
    expect(item.highlight.name).toBe("<mark>Xylophone</mark> &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;guillemets&quot;");
  });

  test("search stays in the host brand and its content language", async () => {
    expect((await search("pediatrie", { host: "be.localhost" })).body.data.items.map((item) => item.slug)).not.toContain("pediatrie-fievre-enfant");
    const spanish = await search("diabetes", { host: "es.localhost", language: "es-ES" });
    expectEnvelope(spanish, 200);
    expect(spanish.body.data.items.length).toBeGreaterThan(0);
    expect(spanish.body.data.items.some((item) => /diabetes/i.test(item.name) || item.tags.some((tag: string) => /diabetes/i.test(tag)))).toBe(true);
  });

  test("filters and an explicit sort combine with the search", async () => {
    const reply = await search("pediatrie", { extra: "sort=alphabeticalOrder&maxDuration=120" });
    expectEnvelope(reply, 200);
    const names = reply.body.data.items.map((item) => item.name);
    expect([...names].sort(new Intl.Collator("fr").compare)).toEqual(names);
    expect(reply.body.data.items.every((item) => item.durations.total <= 120)).toBe(true);
  });

  test("the catalogue's q filter searches the same way", async () => {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    const reply = await agent.get("/back/api/catalogue?q=PEDIATRIE");
    expectEnvelope(reply, 200);
    expect(reply.body.data.items[0].slug).toBe("pediatrie-fievre-enfant");
  });

  test("a search without a word finds nothing; without q it is a 422", async () => {
    const punctuation = await search("!!! ---");
    expectEnvelope(punctuation, 200);
    expect(punctuation.body.data.total).toBe(0);
    const agent = suite.agent({ "accept-language": "fr-FR" });
    const missing = await agent.get("/back/api/catalogue/search");
    expectEnvelope(missing, 422);
    expect(missing.body.data.errors.q).toEqual(["Ce champ est obligatoire."]);
    const tooLong = await search("a".repeat(201));
    expectEnvelope(tooLong, 422);
  });

  test("tsquery syntax in the text is only text", async () => {
    for (const q of ["fièvre & | ! :* ( ) <->", "' OR 1=1 --", "\\x00"]) {
      const reply = await search(q);
      expectEnvelope(reply, 200);
    }
    // A real NUL byte is refused like in any other text field (ADR 0018): a 422 on q, never a 500.
    const nul = await search("\u0000fièvre");
    expectEnvelope(nul, 422);
    expect(nul.body.data.errors.q).toHaveLength(1);
  });

  test("the inserted rows are still there (search never writes)", async () => {
    const rows = await suite.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.slug, "pediatrie-fievre-enfant"));
    expect(rows).toHaveLength(1);
  });
});
