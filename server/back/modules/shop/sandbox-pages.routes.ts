/**
 * The sandbox provider's hosted payment page (ADR 0031), served by this app under /back/payments/sandbox/{token}:
 * a plain server-rendered form (works without JavaScript, labelled field) that takes a test card, then sends the
 * signed server-to-server notification and sends the buyer back to the order's page with ?order=&payment=.
 * Its POST is a browser form: the CSRF token comes as the `_csrf` field (double submit against the XSRF-TOKEN
 * cookie) or the usual header. Its texts are in locales/<locale>/api-shop.json; its errors (a bad or expired link, a
 * stale form, an order no longer pending) are pages for a browser (app.ts, brand-page.ts) and envelopes for others.
 */
import { Hono, type Context } from "hono";
import { formatMoney } from "#core/domain/money.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { brandPage } from "../../http/brand-page.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { serializeCookie } from "../../http/cookies.ts";
import { createCsrfToken, CSRF_COOKIE, CSRF_HEADER, isCsrfTokenValid } from "../../http/csrf.ts";
import { isSecureRequest } from "../../http/session.ts";
import { translator, type MessageKey } from "../../i18n/messages.ts";
import { pageLocale } from "../../i18n/page-locale.ts";
import { escapeHtml } from "../../../mail/templates.ts";
import { buildSandboxNotification, readSandboxToken, sandboxCardResult, type SandboxToken } from "../../../payments/sandbox.ts";
import { findPendingOrder } from "./orders.service.ts";
import { appSecret } from "./payment-providers.ts";
import { paymentReturnPath, receiveNotification } from "./payments.service.ts";

export const sandboxPagesRoutes = new Hono<BackEnv>();
type C = Context<BackEnv>;

function readToken(c: C): SandboxToken {
  const token = readSandboxToken(appSecret(c.get("deps")), c.req.param("token") ?? "", c.get("deps").now());
  if (!token) throw new AppError("NOT_FOUND", "shopPaymentTokenInvalid");
  return token;
}

function withQuery(path: string, query: Record<string, string>): string {
  const [base, existing] = path.split("?");
  const params = new URLSearchParams(existing ?? "");
  for (const [k, v] of Object.entries(query)) params.set(k, v);
  return `${base}?${params.toString()}`;
}

/**
 * The payment form, in the language of the order page the buyer comes back to (pageLocale: the same rules as the
 * web tier's pages) and with the brand's look. An unknown card shows it again with the message (422).
 */
function renderPage(c: C, token: SandboxToken, returnPath: string, csrf: string, error: MessageKey | null) {
  const locale = pageLocale(c, returnPath);
  const t = translator(locale);
  const amount = formatMoney(token.amountCents, token.currency, locale);
  const describedBy = error ? "card-error card-hint" : "card-hint";
  const main = `<h1>${escapeHtml(t("shopSandboxTitle"))}</h1>
<p>${escapeHtml(t("shopSandboxIntro", { order: token.orderId, amount }))}</p>
${error ? `<p id="card-error" role="alert">${escapeHtml(t(error))}</p>` : ""}
<form method="post" action="${escapeHtml(c.req.path)}">
<input type="hidden" name="_csrf" value="${escapeHtml(csrf)}">
<p><label for="card">${escapeHtml(t("shopSandboxCard"))}</label><br>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ""}></p>
<p id="card-hint">${escapeHtml(t("shopSandboxHint"))}</p>
<p><button type="submit">${escapeHtml(t("shopSandboxPay", { amount }))}</button></p>
</form>
<p><a href="${escapeHtml(withQuery(returnPath, { order: String(token.orderId), payment: "cancelled" }))}">${escapeHtml(t("shopSandboxCancel"))}</a></p>`;
  return brandPage(c, { locale, title: t("shopSandboxTitle"), main, status: error ? 422 : 200 });
}

/** The visitor's CSRF token, or a new one (cookie set) so the form can carry it. */
function csrfFor(c: C): string {
  const existing = parseCookies(c.req.header("cookie"))[CSRF_COOKIE];
  if (existing && isCsrfTokenValid(existing, existing, c.get("deps").env.APP_SECRET)) return existing;
  const token = createCsrfToken(c.get("deps").env.APP_SECRET);
  c.header("Set-Cookie", serializeCookie(CSRF_COOKIE, token, { sameSite: "Lax", secure: isSecureRequest(c), maxAge: 2 * 3600 }), { append: true });
  return token;
}

sandboxPagesRoutes.get("/sandbox/:token", async (c) => {
  const token = readToken(c);
  const order = await findPendingOrder(c.get("ctx"), token.orderId);
  if (!order) throw new AppError("CONFLICT", "shopOrderNotPending");
  return renderPage(c, token, paymentReturnPath(order), csrfFor(c), null);
});

sandboxPagesRoutes.post("/sandbox/:token", async (c) => {
  const raw = await c.req.text();
  const form = new URLSearchParams((c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded") ? raw : "");
  const cookie = parseCookies(c.req.header("cookie"))[CSRF_COOKIE];
  const sent = c.req.header(CSRF_HEADER) ?? form.get("_csrf") ?? undefined;
  if (!isCsrfTokenValid(cookie, sent, c.get("deps").env.APP_SECRET)) throw new AppError("CSRF_MISMATCH", "csrfMismatch");
  const token = readToken(c);
  const order = await findPendingOrder(c.get("ctx"), token.orderId);
  if (!order) throw new AppError("CONFLICT", "shopOrderNotPending");
  const result = sandboxCardResult(form.get("card") ?? "");
  if (result === "unknown") return renderPage(c, token, paymentReturnPath(order), cookie!, "shopSandboxUnknownCard");
  // The provider's server-to-server call, made in process: the same signed body and the same verification. One
  // transaction id per order, as a real provider takes one payment per order reference: the form posted twice at
  // once (a double click) is one payment, the second a replay (ADR 0101).
  const notification = buildSandboxNotification(appSecret(c.get("deps")), {
    transactionId: `sbx_order_${order.id}`,
    orderId: order.id,
    status: result,
    amountCents: token.amountCents,
    currency: token.currency,
  });
  const outcome = await receiveNotification(c.get("ctx"), "sandbox", notification);
  return c.redirect(withQuery(paymentReturnPath(order), { order: String(order.id), payment: outcome }), 303);
});
