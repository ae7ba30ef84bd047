// Back office part B as the browser without JavaScript meets it: every page renders for an administrator; the editor
// publishes a page that guests then see (the guest page cache follows); bad input keeps what was typed; a check is
// confirmed after its confirmation step; the export downloads, and a bad period comes back with the typed values.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { contentPages, discountCodes, invoices, orders, sessionDates } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { cookieBrowser, decodeHtml, pageRequest } from "./support/page-request.ts";

const request = pageRequest;

const decode = decodeHtml;

describe.each(backends())("back office part B pages (%s)", (backend) => {
  // The guest page cache stays on: a publication must show to guests at once.
  const suite = useSuite(backend, { PAGE_CACHE: "on", PAGE_CACHE_TTL_MS: "60000" });

  /** An administrator's browser: the session cookie, and the form token of the page it opens. */
  async function adminBrowser() {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login("admin@demo.test"), 200);
    const browser = cookieBrowser(suite.origin, agent.cookies);
    return {
      get: browser.get,
      post: browser.post,
      /** Opens the page, then posts a multipart form with one file. */
      upload: async (path: string, fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) => {
        const page = await browser.get(path);
        const token = decode(/name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "");
        const boundary = "----admin-b-boundary";
        const parts: Uint8Array[] = Object.entries({ csrf: token, ...fields }).map(([name, value]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        );
        parts.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
          file.bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        );
        return browser.send(path, { method: "POST", body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` });
      },
    };
  }

  test("every page of part B renders for an administrator", async () => {
    const admin = await adminBrowser();
    for (const path of [
      "/admin/editor",
      "/admin/editor?brand=fr&kind=news",
      "/admin/editor/create-page",
      "/admin/faq",
      "/admin/loginImage",
      "/admin/factureCompta",
      "/admin/discountCodes",
      "/admin/users",
      "/admin/users?q=demo",
    ]) {
      const page = await admin.get(path);
      expect(page.status, path).toBe(200);
      expect(page.text).toContain('id="main"');
    }
  });

  test("PDF downloads through the web tier: a day's attendance sheet and a stored invoice, never cached; malformed or unknown ids are a 404", async () => {
    const admin = await adminBrowser();
    const [day] = await suite.db.select().from(sessionDates).limit(1);
    expect(day, "a demo session day").toBeDefined();
    const [invoice] = await suite.db.select().from(invoices).limit(1);
    expect(invoice, "a demo invoice").toBeDefined();
    for (const path of [`/admin/faceToFace/${day.sessionId}/attendance/${day.date}`, `/admin/factureCompta/invoices/${invoice.id}/pdf`]) {
      const file = await admin.get(path);
      expect(file.status, path).toBe(200);
      expect(file.headers["content-type"], path).toBe("application/pdf");
      expect(file.headers["cache-control"], path).toBe("private, no-store");
      expect(file.headers["content-disposition"], path).toMatch(/^attachment/);
      expect(file.text.startsWith("%PDF-"), path).toBe(true);
    }
    for (const path of [
      `/admin/faceToFace/${day.sessionId}/attendance/2031-02-30x`,
      "/admin/factureCompta/invoices/abc/pdf",
      "/admin/factureCompta/invoices/999999999/pdf",
    ]) {
      expect((await admin.get(path)).status, path).toBe(404);
    }
  });

  test("the editor publishes a page: guests see it at once; an empty title keeps what was typed and writes nothing", async () => {
    const [page] = await suite.db.select().from(contentPages).where(eq(contentPages.slug, "mentions-legales"));
    // A guest's view, cached.
    expect(decode((await request(suite.origin, "/pages/mentions-legales")).text)).toContain(page.title);
    const admin = await adminBrowser();
    const editPath = `/admin/editor?kind=page&id=${page.id}`;

    const before = await tableCounts(suite.db);
    const bad = await admin.post(editPath, { intent: "save", slug: "mentions-legales", title: "", body: "<p>Texte tapé</p>" });
    expect(bad.status).toBe(422);
    const badText = decode(bad.text);
    expect(badText).toContain("Ce champ est obligatoire.");
    expect(badText).toContain("<p>Texte tapé</p>");
    expect(await tableCounts(suite.db)).toEqual(before);

    const published = await admin.post(editPath, {
      intent: "publish",
      slug: "mentions-legales",
      title: "Mentions légales (nouvelles)",
      body: "<p>Éditeur : <strong>PharmaSavoir</strong></p><script>alert(1)</script>",
    });
    expect(published.status).toBe(302);
    expect(published.location).toBe(editPath);
    const guest = decode((await request(suite.origin, "/pages/mentions-legales")).text);
    expect(guest).toContain("Mentions légales (nouvelles)");
    expect(guest).toContain("<strong>PharmaSavoir</strong>");
    expect(guest).not.toContain("alert(1)");
    const editor = decode((await admin.get(editPath)).text);
    expect(editor).toContain('href="/pages/mentions-legales"');
  });

  test("create-page: bad input kept (slug format, taken address), then a draft previewed and published", async () => {
    const admin = await adminBrowser();
    const bad = await admin.post("/admin/editor/create-page", { kind: "page", brand: "fr", lang: "fr", slug: "Pas Bon", title: "Ma page" });
    expect(bad.status).toBe(422);
    expect(decode(bad.text)).toContain("Seulement des lettres minuscules, des chiffres et des tirets");
    expect(decode(bad.text)).toContain('value="Pas Bon"');
    const taken = await admin.post("/admin/editor/create-page", { kind: "page", brand: "fr", lang: "fr", slug: "mentions-legales", title: "Ma page" });
    expect(taken.status).toBe(409);
    expect(decode(taken.text)).toContain("Cette adresse est déjà utilisée");

    const created = await admin.post("/admin/editor/create-page", {
      kind: "page",
      brand: "fr",
      lang: "fr",
      slug: `page-web-${backend}`,
      title: "Page du web",
      body: "<p>Aperçu <em>avant</em> publication</p>",
    });
    expect(created.status).toBe(302);
    const draftPath = created.location!;
    expect(draftPath).toMatch(/^\/admin\/editor\?draft=\d+$/);
    const preview = decode((await admin.get(draftPath)).text);
    expect(preview).toContain('data-testid="editor-preview"');
    expect(preview).toContain("<p>Aperçu <em>avant</em> publication</p>");
    expect((await request(suite.origin, `/pages/page-web-${backend}`)).status).toBe(404);
    const published = await admin.post(draftPath, { intent: "publish", slug: `page-web-${backend}`, title: "Page du web", body: "<p>En ligne</p>" });
    expect(published.status).toBe(302);
    expect(decode((await request(suite.origin, `/pages/page-web-${backend}`)).text)).toContain("En ligne");
  });

  test("factureCompta: a check is confirmed after its confirmation step; the export downloads; a bad period comes back typed", async () => {
    const admin = await adminBrowser();
    const page = decode((await admin.get("/admin/factureCompta")).text);
    const orderId = Number(/data-order-id="(\d+)"/.exec(page)?.[1]);
    expect(orderId).toBeGreaterThan(0);
    const confirmStep = decode((await admin.get(`/admin/factureCompta?confirm=${orderId}`)).text);
    expect(confirmStep).toContain('data-testid="confirm-panel"');
    const bad = await admin.post("/admin/factureCompta", { intent: "confirm-check", orderId: "abc" });
    expect(bad.status).toBe(422);
    expect((await suite.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe("pending");
    const done = await admin.post("/admin/factureCompta", { intent: "confirm-check", orderId: String(orderId) }, `/admin/factureCompta?confirm=${orderId}`);
    expect(done.status).toBe(302);
    expect((await suite.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe("paid");

    const month = new Date().toISOString().slice(0, 7);
    const file = await admin.get(`/admin/factureCompta/export?brand=fr&from=${month}-01&to=${month}-28&format=csv`);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.headers["content-disposition"]).toContain("attachment");
    expect(file.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Journal;Date;Compte;N° de pièce;Libellé;Débit;Crédit");

    const refused = await admin.get("/admin/factureCompta/export?brand=fr&from=2026-03-10&to=2026-02-01&format=csv");
    expect(refused.status).toBe(302);
    const back = decode((await admin.get(refused.location!)).text);
    expect(back).toContain("La période doit aller d'une date à une date égale ou postérieure");
    expect(back).toContain('value="2026-03-10"');
  });

  test("discount codes: bad input keeps the typed values and writes nothing; a code is created then disabled after confirmation", async () => {
    const admin = await adminBrowser();
    const before = await tableCounts(suite.db);
    const bad = await admin.post("/admin/discountCodes", {
      intent: "create",
      brand: "fr",
      code: "x",
      kind: "percentage",
      value: "120",
      validFrom: "",
      validUntil: "",
      maxUses: "",
      maxUsesPerCustomer: "",
    });
    expect(bad.status).toBe(422);
    const text = decode(bad.text);
    expect(text).toContain('value="120"');
    expect(text).toContain("Saisissez un pourcentage supérieur à 0 et au plus 100");
    expect(await tableCounts(suite.db)).toEqual(before);
    const created = await admin.post("/admin/discountCodes", {
      intent: "create",
      brand: "fr",
      code: `web${backend}`,
      kind: "fixed",
      value: "15,50",
      validFrom: "",
      validUntil: "",
      maxUses: "",
      maxUsesPerCustomer: "",
    });
    expect(created.status).toBe(302);
    const [code] = await suite.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, `WEB${backend.toUpperCase()}`));
    expect(code.value).toBe(1550);
    expect(decode((await admin.get(`/admin/discountCodes?confirm=${code.id}`)).text)).toContain("Désactiver le code");
    expect((await admin.post("/admin/discountCodes", { intent: "disable", targetId: String(code.id) })).status).toBe(302);
    expect((await suite.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0].validUntil).not.toBeNull();
  });

  test("login image: an SVG is refused on the form (ADR 0105); a PNG is shown on the brand's login page", async () => {
    const admin = await adminBrowser();
    const refused = await admin.upload(
      "/admin/loginImage",
      { brand: "be", intent: "upload" },
      { name: "evil.svg", type: "image/svg+xml", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    );
    expect(refused.status).toBe(422);
    expect(decode(refused.text)).toContain("Les images SVG ne sont pas acceptées : enregistrez l'image en PNG, JPEG ou WebP.");
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1f4a30000000049454e44ae426082",
      "hex",
    );
    const saved = await admin.upload("/admin/loginImage", { brand: "fr", intent: "upload" }, { name: "login.png", type: "image/png", bytes: png });
    expect(saved.status).toBe(302);
    const login = decode((await request(suite.origin, "/connexion")).text);
    const src = /data-testid="login-image"[^>]*|<img[^>]*data-testid="login-image"[^>]*/.exec(login)?.[0] ?? "";
    expect(src).toMatch(/\/uploads\/login\/[0-9a-f]{16}-[0-9a-f]{12}\.png/);
    const image = await request(suite.origin, /\/uploads\/login\/[0-9a-f]{16}-[0-9a-f]{12}\.png/.exec(src)![0]);
    expect(image.status).toBe(200);
  });
});
