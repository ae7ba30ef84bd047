import type { Brand } from "#core/branding/brands.ts";

type Lang = "fr" | "es" | "en";
type Mail = { subject: string; text: string; html: string };

export function mailLang(locale: string): Lang {
  if (locale.startsWith("fr")) return "fr";
  if (locale.startsWith("es")) return "es";
  return "en";
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** One plain layout for every mail: brand colour bar, paragraphs, an optional button. */
function render(brand: Brand, paragraphs: string[], action?: { label: string; url: string }): Pick<Mail, "text" | "html"> {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), "", brand.title].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">
<div style="border-top:6px solid ${brand.styles.primary};max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;color:${brand.styles.primaryDark}">${escapeHtml(brand.title)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="background:${brand.styles.primary};color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>` : ""}
</div></body></html>`;
  return { text, html };
}

const passwordResetText = {
  fr: {
    subject: (b: string) => `Réinitialisation de votre mot de passe ${b}`,
    lines: (name: string) => [
      `Bonjour ${name},`,
      "Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure et ne peut servir qu'une fois.",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ],
    action: "Choisir un nouveau mot de passe",
  },
  es: {
    subject: (b: string) => `Restablecimiento de su contraseña de ${b}`,
    lines: (name: string) => [
      `Hola ${name}:`,
      "Ha solicitado restablecer su contraseña. Este enlace es válido durante una hora y solo puede usarse una vez.",
      "Si no ha realizado esta solicitud, ignore este mensaje: su contraseña no cambiará.",
    ],
    action: "Elegir una nueva contraseña",
  },
  en: {
    subject: (b: string) => `Reset your ${b} password`,
    lines: (name: string) => [
      `Hello ${name},`,
      "You asked to reset your password. This link is valid for one hour and can be used once.",
      "If you did not ask for this, ignore this message: your password stays the same.",
    ],
    action: "Choose a new password",
  },
};

export function passwordResetMail(input: { brand: Brand; locale: string; firstName: string; link: string }): Mail {
  const t = passwordResetText[mailLang(input.locale)];
  return { subject: t.subject(input.brand.title), ...render(input.brand, t.lines(input.firstName), { label: t.action, url: input.link }) };
}

const advisorMessageText = {
  fr: { subject: (n: string) => `Message de ${n}`, intro: (n: string, e: string) => `${n} (${e}) vous a écrit :` },
  es: { subject: (n: string) => `Mensaje de ${n}`, intro: (n: string, e: string) => `${n} (${e}) le ha escrito:` },
  en: { subject: (n: string) => `Message from ${n}`, intro: (n: string, e: string) => `${n} (${e}) wrote to you:` },
};

export function advisorMessageMail(input: { brand: Brand; locale: string; fromName: string; fromEmail: string; message: string }): Mail {
  const t = advisorMessageText[mailLang(input.locale)];
  return { subject: t.subject(input.fromName), ...render(input.brand, [t.intro(input.fromName, input.fromEmail), input.message]) };
}
