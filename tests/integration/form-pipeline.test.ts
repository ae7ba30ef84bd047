// The one form pipeline (app/lib/forms.server.ts) as the browser without JavaScript meets it: one CSRF check with
// one translated message on every form, and a field error answered with the typed values kept (passwords never
// echoed), in the visitor's language.
import http from "node:http";
import { describe, expect, test } from "vitest";
import { backends } from "./support/database.ts";
import { parseSetCookie } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

type Page = { status: number; text: string; cookies: string[] };

function request(origin: string, rawPath: string, options: { host: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Page> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: Number(port),
        path: rawPath,
        method: options.method ?? "GET",
        headers: { host: `${options.host}:${port}`, accept: "text/html", ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), cookies: res.headers["set-cookie"] ?? [] }));
      },
    );
    req.on("error", reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const CSRF_MESSAGES = {
  localhost: "Le formulaire a expiré. Rechargez la page et réessayez.",
  "es.localhost": "El formulario ha caducado. Recargue la página e inténtelo de nuevo.",
} as const;

describe.each(backends())("form pipeline (%s)", (backend) => {
  const suite = useSuite(backend);

  async function openForm(formPath: string, host: string) {
    const page = await request(suite.origin, formPath, { host });
    expect(page.status).toBe(200);
    const token = decode(/name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "");
    expect(token).toBeTruthy();
    const cookie = page.cookies
      .map((c) => parseSetCookie(c))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    return { token, cookie };
  }

  function post(formPath: string, host: string, cookie: string, fields: Record<string, string>) {
    return request(suite.origin, formPath, {
      host,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams(fields).toString(),
    });
  }

  // Every form posts through the same check: a page form, a site-wide one (language), the cookie banner's.
  const cases = [
    { host: "localhost", page: "/connexion", target: "/connexion", fields: { email: "learner@demo.test", password: "whatever-1" } },
    { host: "es.localhost", page: "/conexion", target: "/conexion", fields: { email: "learner@demo.test", password: "whatever-1" } },
    { host: "localhost", page: "/connexion", target: "/locale", fields: { locale: "es-ES", redirectTo: "/" } },
    { host: "es.localhost", page: "/conexion", target: "/consent-cookies", fields: { intent: "accept-all", redirectTo: "/" } },
    // The shop's forms (ADR 0036): add from the shop and from a catalogue card, the cart's intents.
    { host: "localhost", page: "/boutique", target: "/boutique", fields: { intent: "add", productId: "1" } },
    { host: "es.localhost", page: "/tienda", target: "/tienda", fields: { intent: "add", productId: "1" } },
    { host: "localhost", page: "/boutique", target: "/catalogue", fields: { intent: "add", productId: "1" } },
    { host: "localhost", page: "/boutique", target: "/boutique/panier", fields: { intent: "discount", code: "BIENVENUE10" } },
    { host: "es.localhost", page: "/tienda", target: "/tienda/carrito", fields: { intent: "payCard" } },
    { host: "localhost", page: "/boutique", target: "/boutique/panier", fields: { intent: "remove", productId: "1" } },
    {
      host: "localhost",
      page: "/boutique",
      target: "/boutique/panier",
      fields: { intent: "line", productCartId: "1", functionName: "pharmacist", session: "1:1", fundingId: "1" },
    },
    { host: "es.localhost", page: "/tienda", target: "/tienda/carrito", fields: { intent: "line", productCartId: "1", session: "1:1" } },
    { host: "localhost", page: "/boutique", target: "/boutique/panier", fields: { intent: "payCheck" } },
    { host: "es.localhost", page: "/tienda", target: "/tienda/carrito", fields: { intent: "payFree" } },
  ] as const;

  test.each(cases)("a forged CSRF token on $host $target is refused with the translated message", async ({ host, page, target, fields }) => {
    const { cookie } = await openForm(page, host);
    const reply = await post(target, host, cookie, { csrf: "forged.token", ...fields });
    expect(reply.status).toBe(419);
    expect(decode(reply.text)).toContain(CSRF_MESSAGES[host]);
    expect(reply.cookies.join(";")).not.toMatch(/(^|[;,\s])(lng|cookie_consent|sid|cart)=/);
  });

  test.each(cases)("a missing CSRF token on $host $target is refused the same way", async ({ host, page, target, fields }) => {
    const { cookie } = await openForm(page, host);
    const reply = await post(target, host, cookie, fields);
    expect(reply.status).toBe(419);
    expect(decode(reply.text)).toContain(CSRF_MESSAGES[host]);
  });

  test("a field error comes back in French with the typed address kept and the password not echoed", async () => {
    const { token, cookie } = await openForm("/connexion", "localhost");
    const reply = await post("/connexion", "localhost", cookie, { csrf: token, email: "not-an-address", password: "Secret-typed-42" });
    expect(reply.status).toBe(422);
    const text = decode(reply.text);
    expect(text).toContain("Certains champs sont invalides.");
    expect(text).toContain("Saisissez une adresse e-mail valide.");
    expect(text).toContain('value="not-an-address"');
    expect(text).not.toContain("Secret-typed-42");
    expect(reply.text).toMatch(/aria-invalid="true"/);
  });

  test("the same error in Spanish, from the same schema", async () => {
    const { token, cookie } = await openForm("/conexion", "es.localhost");
    const reply = await post("/conexion", "es.localhost", cookie, { csrf: token, email: "nada", password: "" });
    expect(reply.status).toBe(422);
    const text = decode(reply.text);
    expect(text).toContain("Algunos campos no son válidos.");
    expect(text).toContain("Introduzca un correo electrónico válido.");
    expect(text).toContain("Este campo es obligatorio.");
    expect(text).toContain('value="nada"');
  });
});
