import type { Brand } from "#core/branding/brands.ts";
import { mailLang } from "./templates.ts";

/**
 * Mails to the brand's team: a contact-form message and a custom-training survey. They are written
 * in the brand's language (the team reads them), and Reply-To is the visitor's address.
 */
type Mail = { subject: string; text: string; html: string };
type Lang = "fr" | "es" | "en";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A table of label/value rows, then an optional free text, in the brand's colours. */
function render(brand: Brand, intro: string, rows: [string, string][], freeText?: { label: string; value: string }): Pick<Mail, "text" | "html"> {
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
    .map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
    .join("")}</table>
${freeText ? `<p style="font-weight:bold;margin-top:16px">${escapeHtml(freeText.label)}</p><p style="white-space:pre-wrap">${escapeHtml(freeText.value)}</p>` : ""}
</div></body></html>`;
  return { text, html };
}

const CONTACT_TEXT: Record<Lang, { subject: (s: string) => string; intro: string; name: string; email: string; phone: string; subjectLabel: string; message: string; user: string }> = {
  fr: {
    subject: (s) => `[Contact] ${s}`,
    intro: "Un visiteur a écrit depuis le formulaire de contact.",
    name: "Nom",
    email: "E-mail",
    phone: "Téléphone",
    subjectLabel: "Objet",
    message: "Message",
    user: "Compte utilisateur n°",
  },
  es: {
    subject: (s) => `[Contacto] ${s}`,
    intro: "Un visitante ha escrito desde el formulario de contacto.",
    name: "Nombre",
    email: "Correo electrónico",
    phone: "Teléfono",
    subjectLabel: "Asunto",
    message: "Mensaje",
    user: "Cuenta de usuario n.º",
  },
  en: {
    subject: (s) => `[Contact] ${s}`,
    intro: "A visitor wrote through the contact form.",
    name: "Name",
    email: "Email",
    phone: "Phone",
    subjectLabel: "Subject",
    message: "Message",
    user: "User account no.",
  },
};

export function contactMessageMail(input: {
  brand: Brand;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  userId: number | null;
}): Mail {
  const t = CONTACT_TEXT[mailLang(input.brand.defaultLocale)];
  const rows: [string, string][] = [
    [t.name, input.name],
    [t.email, input.email],
    [t.phone, input.phone],
    [t.subjectLabel, input.subject],
    [t.user, input.userId ? String(input.userId) : ""],
  ];
  return { subject: t.subject(input.subject), ...render(input.brand, t.intro, rows, { label: t.message, value: input.message }) };
}

const SURVEY_TEXT: Record<Lang, { subject: (p: string) => string; intro: string; labels: Record<string, string> }> = {
  fr: {
    subject: (p) => `[Formation sur mesure] ${p}`,
    intro: "Une officine a rempli le formulaire de formation sur mesure.",
    labels: {
      pharmacyName: "Officine",
      contactName: "Contact",
      email: "E-mail",
      phone: "Téléphone",
      postalCode: "Code postal",
      teamSize: "Taille de l'équipe",
      topics: "Thèmes",
      formats: "Formats",
      period: "Échéance",
      details: "Précisions",
    },
  },
  es: {
    subject: (p) => `[Formación a medida] ${p}`,
    intro: "Una farmacia ha rellenado la encuesta de formación a medida.",
    labels: {
      pharmacyName: "Farmacia",
      contactName: "Contacto",
      email: "Correo electrónico",
      phone: "Teléfono",
      postalCode: "Código postal",
      teamSize: "Tamaño del equipo",
      topics: "Temas",
      formats: "Formatos",
      period: "Plazo",
      details: "Detalles",
    },
  },
  en: {
    subject: (p) => `[Custom training] ${p}`,
    intro: "A pharmacy filled in the custom training survey.",
    labels: {
      pharmacyName: "Pharmacy",
      contactName: "Contact",
      email: "Email",
      phone: "Phone",
      postalCode: "Postal code",
      teamSize: "Team size",
      topics: "Topics",
      formats: "Formats",
      period: "Timing",
      details: "Details",
    },
  },
};

export function surveyMail(input: { brand: Brand; answers: Record<string, string | string[] | undefined> }): Mail {
  const t = SURVEY_TEXT[mailLang(input.brand.defaultLocale)];
  const value = (key: string) => {
    const v = input.answers[key];
    return Array.isArray(v) ? v.join(", ") : (v ?? "");
  };
  const rows = (["pharmacyName", "contactName", "email", "phone", "postalCode", "teamSize", "topics", "formats", "period"] as const).map(
    (key) => [t.labels[key], value(key)] as [string, string],
  );
  const details = value("details");
  return {
    subject: t.subject(value("pharmacyName")),
    ...render(input.brand, t.intro, rows, details ? { label: t.labels.details, value: details } : undefined),
  };
}
