import type { Brand } from "#core/branding/brands.ts";
import { fixedT, serverLocale } from "../i18n/i18n.ts";

/** The mails to users, in their locale; texts in locales/<locale>/mail.json (server/i18n). */

type Lang = "fr" | "es" | "en";
/** A mail's content; `fromName` is the brand's name, shown as the sender (the address is MAIL_FROM's). */
export type Mail = { subject: string; text: string; html: string; fromName: string };

/** The language family of a locale (the default advisor message of core/contract/profile.ts is keyed by it). */
export function mailLang(locale: string): Lang {
  if (locale.startsWith("fr")) return "fr";
  if (locale.startsWith("es")) return "es";
  return "en";
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** One plain layout for every mail: brand colour bar, paragraphs, an optional button. */
export function render(brand: Brand, paragraphs: string[], action?: { label: string; url: string }): Pick<Mail, "text" | "html" | "fromName"> {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), "", brand.title].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">
<div style="border-top:6px solid ${brand.styles.primary};max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;color:${brand.styles.primaryDark}">${escapeHtml(brand.title)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="background:${brand.styles.primary};color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>` : ""}
</div></body></html>`;
  return { text, html, fromName: brand.title };
}

export function passwordResetMail(input: { brand: Brand; locale: string; firstName: string; link: string }): Mail {
  const t = fixedT(serverLocale(input.locale), "mail");
  const lines = [t("passwordReset.greeting", { name: input.firstName }), t("passwordReset.body"), t("passwordReset.notYou")];
  return {
    subject: t("passwordReset.subject", { brand: input.brand.title }),
    ...render(input.brand, lines, { label: t("passwordReset.action"), url: input.link }),
  };
}

export function advisorMessageMail(input: { brand: Brand; locale: string; fromName: string; fromEmail: string; message: string }): Mail {
  const t = fixedT(serverLocale(input.locale), "mail");
  return {
    subject: t("advisorMessage.subject", { name: input.fromName }),
    ...render(input.brand, [t("advisorMessage.intro", { name: input.fromName, email: input.fromEmail }), input.message]),
  };
}
