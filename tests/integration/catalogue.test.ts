// GET /back/api/catalogue: brand scope, filters, sorts, pagination (clamped past the end) and bad
// parameters (422 with field errors in the caller's language), on the real platform.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { BRANDS } from "#core/branding/brands.ts";
import { backends, queryRows } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

type Course = Record<string, any>;
type Page = { items: Course[]; total: number; page: number; pageSize: number; pageCount: number; sort: string; sortOptions: string[] };

const HOSTS = { fr: "localhost", be: "be.localhost", es: "es.localhost" } as const;
const SUMMARY_FIELDS = [
  "id",
  "name",
  "slug",
  "type",
  "type_to_display",
  "durations",
  "fundings",
  "illustration",
  "last_update",
  "logo_small_provider",
  "provider_name",
  "priceHT",
  "rating",
  "tags",
  "course_id_dpc",
];

describe.each(backends())("catalogue API (%s)", (backend) => {
  const suite = useSuite(backend);

  async function list(query = "", brand: keyof typeof HOSTS = "fr", language = "en-US") {
    const agent = suite.agent({ "accept-language": language, host: HOSTS[brand] });
    return agent.get<Page>(`/back/api/catalogue${query ? `?${query}` : ""}`);
  }

  async function all(query = "", brand: keyof typeof HOSTS = "fr"): Promise<Course[]> {
    const reply = await list(`${query}${query ? "&" : ""}pageSize=100`, brand);
    expectEnvelope(reply, 200);
    expect(reply.body.data.total).toBeLessThanOrEqual(100);
    return reply.body.data.items;
  }

  /** Slugs of the trainings a visitor may see, straight from the database. */
  async function visibleSlugs(brand: string, extra = sql`true`): Promise<string[]> {
    const lang = BRANDS[brand as keyof typeof BRANDS].contentLang;
    const found = await queryRows<{ slug: string }>(
      suite.db,
      sql`select slug from trainings where brand = ${brand} and lang = ${lang} and is_published and not is_test and not obsolete and ${extra} order by slug`,
    );
    return found.map((row) => row.slug);
  }

  test("a page of Catalog courses with every summary field, published trainings of the host brand only", async () => {
    const reply = await list();
    expectEnvelope(reply, 200);
    const data = reply.body.data;
    expect(data).toMatchObject({ page: 1, pageSize: 10, sort: "newest", sortOptions: ["newest", "alphabeticalOrder"] });
    expect(data.items).toHaveLength(10);
    for (const item of data.items) for (const field of SUMMARY_FIELDS) expect(item, field).toHaveProperty(field);
    const expected = await visibleSlugs("fr");
    expect(data.total).toBe(expected.length);
    expect(data.pageCount).toBe(Math.ceil(expected.length / 10));
    const slugs = (await all()).map((item) => item.slug).sort();
    expect(slugs).toEqual(expected);
    // Unpublished, test and obsolete trainings never show.
    for (const hidden of ["pediatrie-officinale", "formation-test-technique", "substitution-generiques-2019"]) expect(slugs).not.toContain(hidden);
  });

  test.each(["be", "es"] as const)("the %s host lists its own brand in its content language", async (brand) => {
    const slugs = (await all("", brand)).map((item) => item.slug).sort();
    expect(slugs).toEqual(await visibleSlugs(brand));
  });

  test("derived types: a DPC without DPC data is e-learning, a virtual face-to-face is a virtual class", async () => {
    const items = await all();
    const bySlug = new Map(items.map((item) => [item.slug, item]));
    expect(bySlug.get("contraception-urgence")).toMatchObject({ type: "formation", type_to_display: "formation", course_id_dpc: null });
    expect(bySlug.get("situations-difficiles-comptoir")).toMatchObject({ type: "virtualClass" });
    expect(bySlug.get("trod-angine-cystite")).toMatchObject({ type: "dpc", type_to_display: "dpc-mixt", course_id_dpc: "96822500101" });
    for (const item of items.filter((i) => i.type === "mixt")) expect(item.type_to_display).toMatch(/^mixt[A-Z]/);
  });

  test("filter by type uses the effective type", async () => {
    const dpc = await all("type=dpc");
    expect(dpc.length).toBeGreaterThan(0);
    expect(dpc.every((item) => item.type === "dpc")).toBe(true);
    expect(dpc.map((item) => item.slug)).not.toContain("contraception-urgence");
    expect((await all("type=formation")).map((item) => item.slug)).toContain("contraception-urgence");
    const virtual = await all("type=virtualClass");
    expect(virtual.map((item) => item.slug)).toContain("situations-difficiles-comptoir");
    expect(virtual.every((item) => item.type === "virtualClass")).toBe(true);
    expect((await all("type=faceToFaceOnly")).map((item) => item.slug)).not.toContain("situations-difficiles-comptoir");
  });

  test("filter by funding", async () => {
    const dpc = await all("funding=dpc");
    expect(dpc.length).toBeGreaterThan(0);
    expect(dpc.every((item) => item.fundings.includes("DPC"))).toBe(true);
    const free = await all("funding=free");
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((item) => item.free === true && item.priceHT === 0)).toBe(true);
    const fundae = await all("funding=fundae", "es");
    expect(fundae.length).toBeGreaterThan(0);
    expect(fundae.every((item) => item.fundings.some((code: string) => code === "FUNDAE" || code === "BONIFICABLE"))).toBe(true);
    expect(await all("funding=fundae")).toEqual([]);
  });

  test("filter by duration bounds (minutes) and novelty", async () => {
    const mid = await all("minDuration=60&maxDuration=240");
    expect(mid.length).toBeGreaterThan(0);
    expect(mid.every((item) => item.durations.total >= 60 && item.durations.total <= 240)).toBe(true);
    const fresh = await all("new=1");
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((item) => item.is_new)).toBe(true);
    expect((await all("new=0")).length).toBe((await all()).length);
  });

  test("audience=mine hides trainings the logged-in visitor is not in the audience of", async () => {
    const guest = await all("audience=mine");
    expect(guest.length).toBe((await all()).length);
    const agent = suite.agent({ "accept-language": "en-US" });
    expectEnvelope(await agent.login("nonpharmacist@demo.test"), 200);
    const reply = await agent.get<Page>("/back/api/catalogue?audience=mine&pageSize=100");
    expectEnvelope(reply, 200);
    const items = reply.body.data.items;
    expect(items.some((item) => item.audience.pharmacistsOnly)).toBe(false);
    expect(items.map((item) => item.slug)).toContain("preparateur-delivrance");
    expect(items.map((item) => item.slug)).not.toContain("vaccination-officine");
  });

  test("sort: alphabetical order in French collation, newest first, rating only where the brand offers it", async () => {
    const alpha = (await all("sort=alphabeticalOrder")).map((item) => item.name);
    const collator = new Intl.Collator("fr", { sensitivity: "base" });
    expect([...alpha].sort(collator.compare)).toEqual(alpha);
    const newest = await list("sort=newest&pageSize=100");
    const created = await queryRows<{ slug: string }>(
      suite.db,
      sql`select slug from trainings where brand = 'fr' and lang = 'fr' and is_published and not is_test and not obsolete order by created_at desc, id desc`,
    );
    expect(newest.body.data.items.map((item) => item.slug)).toEqual(created.map((row) => row.slug));

    const refused = await list("sort=rating", "fr", "fr-FR");
    expectEnvelope(refused, 422);
    expect(refused.body.data.errors).toEqual({ sort: ["Ce tri n'est pas proposé ici."] });

    const rated = await list("sort=rating&pageSize=100", "be");
    expectEnvelope(rated, 200);
    expect(rated.body.data.sortOptions).toEqual(["newest", "alphabeticalOrder", "rating"]);
    const ratings = rated.body.data.items.map((item) => item.rating ?? -1);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });

  test("pagination: pages partition the list; a page past the end is the last page", async () => {
    const first = await list("pageSize=7&sort=alphabeticalOrder");
    const total = first.body.data.total;
    const pageCount = Math.ceil(total / 7);
    expect(first.body.data.pageCount).toBe(pageCount);
    const seen: string[] = [];
    for (let page = 1; page <= pageCount; page++) {
      const reply = await list(`pageSize=7&sort=alphabeticalOrder&page=${page}`);
      expectEnvelope(reply, 200);
      expect(reply.body.data.page).toBe(page);
      seen.push(...reply.body.data.items.map((item) => item.slug));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    const past = await list(`pageSize=7&sort=alphabeticalOrder&page=${pageCount + 5}`);
    expectEnvelope(past, 200);
    expect(past.body.data.page).toBe(pageCount);
    expect(past.body.data.items.map((item) => item.slug)).toEqual(seen.slice((pageCount - 1) * 7));

    const none = await list("type=quiz&minDuration=10000&page=3");
    expectEnvelope(none, 200);
    expect(none.body.data).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  test.each([
    ["type=unknown", "type"],
    ["funding=opco", "funding"],
    ["sort=price", "sort"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["pageSize=0", "pageSize"],
    ["pageSize=101", "pageSize"],
    ["pageSize=ten", "pageSize"],
    ["minDuration=abc", "minDuration"],
    ["maxDuration=1e3", "maxDuration"],
    ["minDuration=300&maxDuration=60", "maxDuration"],
    ["new=maybe", "new"],
    ["audience=everyone", "audience"],
    ["colour=red", "colour"],
  ])("bad parameter %s is a 422 with a field error", async (query, field) => {
    const reply = await list(query, "fr", "fr-FR");
    expectEnvelope(reply, 422);
    expect(reply.body.message).toBe("Certains champs sont invalides.");
    expect(Object.keys(reply.body.data.errors)).toContain(field);
    expect(reply.body.data.errors[field][0]).toEqual(expect.any(String));
  });

  test("field errors are translated (es-ES)", async () => {
    const reply = await list("pageSize=500", "es", "es-ES");
    expectEnvelope(reply, 422);
    expect(reply.body).toMatchObject({ message: "Algunos campos no son válidos.", data: { errors: { pageSize: ["Debe ser como máximo 100."] } } });
  });

  test("answers follow every change at once (the cache is keyed by the catalogue's data version)", async () => {
    const before = await list("sort=alphabeticalOrder&pageSize=100");
    const target = before.body.data.items[0];
    await suite.db.execute(sql`update trainings set name = ${"AAA renamed training"} where id = ${target.id}`);
    const renamed = await list("sort=alphabeticalOrder&pageSize=100");
    expect(renamed.body.data.items[0]).toMatchObject({ id: target.id, name: "AAA renamed training" });
    await suite.db.execute(sql`update trainings set is_published = false where id = ${target.id}`);
    const hidden = await list("sort=alphabeticalOrder&pageSize=100");
    expect(hidden.body.data.total).toBe(before.body.data.total - 1);
    expect(hidden.body.data.items.map((item) => item.id)).not.toContain(target.id);
    await suite.db.execute(sql`update trainings set is_published = true, name = ${target.name} where id = ${target.id}`);
    const restored = await list("sort=alphabeticalOrder&pageSize=100");
    expect(restored.body.data.items).toEqual(before.body.data.items);
    // Tags and fundings count too.
    await suite.db.execute(sql`insert into training_tags (training_id, tag) values (${target.id}, ${"Zzz étiquette"})`);
    expect((await list("sort=alphabeticalOrder&pageSize=100")).body.data.items[0].tags).toContain("Zzz étiquette");
    await suite.db.execute(sql`delete from training_tags where training_id = ${target.id} and tag = ${"Zzz étiquette"}`);
  });

  test("an empty parameter means not given (an untouched GET form)", async () => {
    const reply = await list("type=&funding=&minDuration=&maxDuration=&q=&sort=&page=&pageSize=");
    expectEnvelope(reply, 200);
    expect(reply.body.data.page).toBe(1);
  });
});
