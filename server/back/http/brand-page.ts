/**
 * The pages the back API serves to the browser itself (ADR 0106): the sandbox's hosted payment page and the error
 * page of a link the browser opens directly (the sandbox's, an invoice's or a credit note's). They carry the brand's
 * look (logo, title, favicon, colours from core/branding/brands.ts, in a small inline style: the site's stylesheet is
 * a hashed build asset) and speak the page's locale (pageLocale). Plain HTML: no script, a visible focus.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Brand } from "#core/branding/brands.ts";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import type { BackEnv } from "../context.ts";
import { escapeHtml } from "../../mail/templates.ts";
import { translator, type MessageKey } from "../i18n/messages.ts";
import { pageLocale, type PageLocale } from "../i18n/page-locale.ts";
import { AppError } from "./app-error.ts";

type C = Context<BackEnv>;

function styleOf(brand: Brand): string {
  return `:root{--primary:${brand.styles.primary};--primary-dark:${brand.styles.primaryDark}}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1e293b;background:#f8fafc;line-height:1.5}
header{display:flex;align-items:center;gap:.75rem;padding:.75rem 1rem;background:#fff;border-top:6px solid var(--primary);border-bottom:1px solid #e2e8f0;font-size:1.25rem;font-weight:800;color:var(--primary-dark)}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}
h1{margin:0 0 1rem;font-size:1.5rem;color:var(--primary-dark)}
label{font-weight:700}
input{box-sizing:border-box;width:100%;margin-top:.25rem;padding:.5rem;font:inherit;border:2px solid #64748b;border-radius:.375rem}
input[aria-invalid="true"]{border-color:#b91c1c}
button{padding:.625rem 1rem;font:inherit;font-weight:700;color:#fff;background:var(--primary);border:0;border-radius:.375rem;cursor:pointer}
button:hover{background:var(--primary-dark)}
a{font-weight:600;color:var(--primary-dark)}
[role="alert"]{padding:.75rem;color:#7f1d1d;background:#fef2f2;border:2px solid #b91c1c;border-radius:.375rem}
:focus-visible{outline:3px solid var(--primary-dark);outline-offset:2px}`;
}

/** A whole page: `main` is trusted HTML (every value in it escaped by the caller). */
export function brandPage(c: C, page: { locale: PageLocale; title: string; main: string; status: ContentfulStatusCode }): Response {
  const brand = c.get("brand");
  const html = `<!doctype html>
<html lang="${page.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} | ${escapeHtml(brand.title)}</title>
<link rel="icon" href="${escapeHtml(brand.favicon)}" type="image/svg+xml">
<style>${styleOf(brand)}</style>
</head>
<body>
<header><img src="${escapeHtml(brand.logo)}" alt="" width="44" height="44"><span>${escapeHtml(brand.title)}</span></header>
<main id="main">
${page.main}
</main>
</body>
</html>`;
  c.header("content-type", "text/html; charset=utf-8");
  return c.body(html, page.status);
}

const SANDBOX_PAGE = /^\/back\/payments\/sandbox\/[^/]+$/;
const BROWSER_DOCUMENTS = [SANDBOX_PAGE, /^\/back\/api\/shop\/(invoice|creditNote)\/[^/]+$/];

/**
 * A browser opening one of the links the back API answers itself (not the API's clients, who ask for JSON): its
 * errors are pages. The sandbox page, the invoice and the credit note download.
 */
export function isBrowserDocument(c: C): boolean {
  return (c.req.header("accept") ?? "").includes("text/html") && BROWSER_DOCUMENTS.some((path) => path.test(c.req.path));
}

/** Where the error page leads: to log in (401), to the same page again (419: a fresh form), else to the shop. */
function errorLink(c: C, status: number, locale: PageLocale): { href: string; key: MessageKey } {
  const lang = pathLangOf(locale);
  if (status === 401) return { href: pagePath("login", lang) ?? "/", key: "shopPageLogIn" };
  if (status === 419) return { href: c.req.path, key: "shopPageTryAgain" };
  return { href: pagePath("shop", lang) ?? "/", key: "shopPageToShop" };
}

/** The error of a browser document as a page in the page's locale: the API's message, and one way on. */
export function browserErrorPage(c: C, error: unknown): Response {
  const locale = pageLocale(c);
  const t = translator(locale);
  const status = (error instanceof AppError ? error.status : 500) as ContentfulStatusCode;
  const message = error instanceof AppError ? t(error.messageKey, error.options.values) : t("internalError", { requestId: c.get("requestId") ?? "unknown" });
  const title = t(SANDBOX_PAGE.test(c.req.path) ? "shopSandboxTitle" : "shopDocumentUnavailable");
  const link = errorLink(c, status, locale);
  const main = `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(t(link.key))}</a></p>`;
  return brandPage(c, { locale, title, main, status });
}
