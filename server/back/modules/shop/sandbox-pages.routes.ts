/**
 * The sandbox provider's hosted payment page (ADR 0031), served by this app under /back/payments/sandbox/{token}:
 * a plain server-rendered form (works without JavaScript, labelled field) that takes a test card, then sends the
 * signed server-to-server notification and sends the buyer back to the return path with ?order=&payment=.
 * Its POST is a browser form: the CSRF token comes as the `_csrf` field (double submit against the XSRF-TOKEN
 * cookie) or the usual header.
 */
import { Hono, type Context } from "hono";
import { formatMoney } from "#core/domain/money.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { parseCookies, serializeCookie } from "../../http/cookies.ts";
import { createCsrfToken, CSRF_COOKIE, CSRF_HEADER, isCsrfTokenValid } from "../../http/csrf.ts";
import { failure } from "../../http/envelope.ts";
import { isSecureRequest } from "../../http/session.ts";
import { buildSandboxNotification, readSandboxToken, sandboxCardResult, type SandboxToken } from "../../../payments/sandbox.ts";
import { appSecret, findPendingOrder, receiveNotification } from "./shop.service.ts";

export const sandboxPagesRoutes = new Hono<BackEnv>();
type C = Context<BackEnv>;

const TEXTS = {
  fr: {
    title: "Paiement sécurisé (bac à sable)",
    intro: "Commande n° {order} – montant à payer : {amount}.",
    card: "Numéro de carte",
    hint: "Carte de test acceptée : 4242 4242 4242 4242. Carte refusée : 4000 0000 0000 0002.",
    pay: "Payer {amount}",
    cancel: "Annuler et revenir à la boutique",
    unknownCard: "Carte de test inconnue : utilisez 4242 4242 4242 4242 (acceptée) ou 4000 0000 0000 0002 (refusée).",
  },
  es: {
    title: "Pago seguro (entorno de pruebas)",
    intro: "Pedido n.º {order}: importe a pagar {amount}.",
    card: "Número de tarjeta",
    hint: "Tarjeta de prueba aceptada: 4242 4242 4242 4242. Tarjeta rechazada: 4000 0000 0000 0002.",
    pay: "Pagar {amount}",
    cancel: "Cancelar y volver a la tienda",
    unknownCard: "Tarjeta de prueba desconocida: utilice 4242 4242 4242 4242 (aceptada) o 4000 0000 0000 0002 (rechazada).",
  },
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function readToken(c: C): SandboxToken {
  const token = readSandboxToken(appSecret(c.var.deps), c.req.param("token") ?? "", c.var.deps.now());
  if (!token) throw new AppError("NOT_FOUND", "shopPaymentTokenInvalid");
  return token;
}

function withQuery(path: string, query: Record<string, string>): string {
  const [base, existing] = path.split("?");
  const params = new URLSearchParams(existing ?? "");
  for (const [k, v] of Object.entries(query)) params.set(k, v);
  return `${base}?${params.toString()}`;
}

function renderPage(c: C, token: SandboxToken, csrf: string, error: string | null) {
  const lang = c.var.locale.startsWith("es") ? "es" : "fr";
  const t = TEXTS[lang];
  const amount = formatMoney(token.amountCents, token.currency, c.var.locale === "en-US" ? "fr-FR" : c.var.locale);
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title></head>
<body>
<main>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro.replace("{order}", String(token.orderId)).replace("{amount}", amount))}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(c.req.path)}">
<input type="hidden" name="_csrf" value="${escapeHtml(csrf)}">
<p><label for="card">${escapeHtml(t.card)}</label><br>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required aria-describedby="card-hint"${error ? ' aria-invalid="true"' : ""}></p>
<p id="card-hint">${escapeHtml(t.hint)}</p>
<p><button type="submit">${escapeHtml(t.pay.replace("{amount}", amount))}</button></p>
</form>
<p><a href="${escapeHtml(withQuery(token.returnPath, { order: String(token.orderId), payment: "cancelled" }))}">${escapeHtml(t.cancel)}</a></p>
</main>
</body>
</html>`;
  c.header("content-type", "text/html; charset=utf-8");
  return c.body(html, 200);
}

/** The visitor's CSRF token, or a new one (cookie set) so the form can carry it. */
function csrfFor(c: C): string {
  const existing = parseCookies(c.req.header("cookie"))[CSRF_COOKIE];
  if (existing && isCsrfTokenValid(existing, existing, c.var.deps.env.APP_SECRET)) return existing;
  const token = createCsrfToken(c.var.deps.env.APP_SECRET);
  c.header("Set-Cookie", serializeCookie(CSRF_COOKIE, token, { sameSite: "Lax", secure: isSecureRequest(c), maxAge: 2 * 3600 }), { append: true });
  return token;
}

sandboxPagesRoutes.get("/sandbox/:token", async (c) => {
  const token = readToken(c);
  if (!(await findPendingOrder(c.var.deps.db, token.orderId))) throw new AppError("CONFLICT", "shopOrderNotPending");
  return renderPage(c, token, csrfFor(c), null);
});

sandboxPagesRoutes.post("/sandbox/:token", async (c) => {
  const raw = await c.req.text();
  const form = new URLSearchParams((c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded") ? raw : "");
  const cookie = parseCookies(c.req.header("cookie"))[CSRF_COOKIE];
  const sent = c.req.header(CSRF_HEADER) ?? form.get("_csrf") ?? undefined;
  if (!isCsrfTokenValid(cookie, sent, c.var.deps.env.APP_SECRET)) return failure(c, 419 as never, c.var.t("csrfMismatch"));
  const token = readToken(c);
  const order = await findPendingOrder(c.var.deps.db, token.orderId);
  if (!order) throw new AppError("CONFLICT", "shopOrderNotPending");
  const result = sandboxCardResult(form.get("card") ?? "");
  if (result === "unknown") {
    const lang = c.var.locale.startsWith("es") ? "es" : "fr";
    return renderPage(c, token, cookie!, TEXTS[lang].unknownCard);
  }
  // The provider's server-to-server call, made in process: the same signed body and the same verification. One
  // transaction id per order, as a real provider takes one payment per order reference: the form posted twice at
  // once (a double click) is one payment, the second a replay (ADR 0101).
  const notification = buildSandboxNotification(appSecret(c.var.deps), {
    transactionId: `sbx_order_${order.id}`,
    orderId: order.id,
    status: result,
    amountCents: token.amountCents,
    currency: token.currency,
  });
  const outcome = await receiveNotification(c.var.deps, "sandbox", notification, c.var.logger);
  return c.redirect(withQuery(token.returnPath, { order: String(order.id), payment: outcome }), 303);
});
