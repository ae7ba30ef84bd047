import type { Brand } from "#core/branding/brands.ts";
import { fixedT, serverLocale } from "../i18n/i18n.ts";
import { escapeHtml, type Mail } from "./templates.ts";

/**
 * Mails to the brand's team: a contact-form message and a custom-training survey. They are written
 * in the brand's language (the team reads them), and Reply-To is the visitor's address. Texts in
 * locales/<locale>/mail.json (contact, survey).
 */

/** A table of label/value rows, then an optional free text, in the brand's colours. */
function render(brand: Brand, intro: string, rows: [string, string][], freeText?: { label: string; value: string }): Pick<Mail, "text" | "html" | "fromName"> {
  const filled = rows.filter(([, value]) => value.trim() !== "");
  const text = [
    intro,
    "",
    ...filled.map(([label, value]) => `${label}: ${value}`),
    ...(freeText ? ["", `${freeText.label}:`, freeText.value] : []),
    "",
    "--",
    brand.title,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">
<div style="border-top:6px solid ${brand.styles.primary};max-width:600px;margin:0 auto;padding:24px">
<p style="font-weight:bold;color:${brand.styles.primaryDark}">${escapeHtml(brand.title)}</p>
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">${filled
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>
${freeText ? `<p style="font-weight:bold;margin-top:16px">${escapeHtml(freeText.label)}</p><p style="white-space:pre-wrap">${escapeHtml(freeText.value)}</p>` : ""}
</div></body></html>`;
  return { text, html, fromName: brand.title };
}

export function contactMessageMail(input: {
  brand: Brand;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  userId: number | null;
}): Mail {
  const t = fixedT(serverLocale(input.brand.defaultLocale), "mail", "contact");
  const rows: [string, string][] = [
    [t("name"), input.name],
    [t("email"), input.email],
    [t("phone"), input.phone],
    [t("subjectLabel"), input.subject],
    [t("user"), input.userId ? String(input.userId) : ""],
  ];
  return {
    subject: t("subject", { subject: input.subject }),
    ...render(input.brand, t("intro"), rows, { label: t("message"), value: input.message }),
  };
}

export function surveyMail(input: { brand: Brand; answers: Record<string, string | string[] | undefined> }): Mail {
  const t = fixedT(serverLocale(input.brand.defaultLocale), "mail", "survey");
  const value = (key: string) => {
    const v = input.answers[key];
    return Array.isArray(v) ? v.join(", ") : (v ?? "");
  };
  const rows = (["pharmacyName", "contactName", "email", "phone", "postalCode", "teamSize", "topics", "formats", "period"] as const).map(
    (key) => [t(`labels.${key}`), value(key)] as [string, string],
  );
  const details = value("details");
  return {
    subject: t("subject", { pharmacy: value("pharmacyName") }),
    ...render(input.brand, t("intro"), rows, details ? { label: t("labels.details"), value: details } : undefined),
  };
}
