import type { Brand } from "#core/branding/brands.ts";
import { mailLang } from "./templates.ts";

/** The mail asking a learner who finished a training for a rating and a comment (single-use link). */
type Mail = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const TEXTS = {
  fr: {
    subject: (training: string) => `Votre avis sur « ${training} »`,
    lines: (name: string, training: string) => [
      `Bonjour ${name},`,
      `Vous avez terminé la formation « ${training} ». Votre avis aide vos confrères à choisir leurs formations : donnez une note et, si vous le souhaitez, un commentaire.`,
      "Ce lien personnel ne sert qu'une fois et reste valable 30 jours.",
    ],
    action: "Donner mon avis",
  },
  es: {
    subject: (training: string) => `Su opinión sobre «${training}»`,
    lines: (name: string, training: string) => [
      `Hola ${name}:`,
      `Ha terminado la formación «${training}». Su opinión ayuda a sus compañeros a elegir sus formaciones: díganos su valoración y, si lo desea, un comentario.`,
      "Este enlace personal solo puede usarse una vez y es válido durante 30 días.",
    ],
    action: "Dar mi opinión",
  },
  en: {
    subject: (training: string) => `Your review of "${training}"`,
    lines: (name: string, training: string) => [
      `Hello ${name},`,
      `You have finished the training "${training}". Your review helps your colleagues choose their trainings: give a rating and, if you like, a comment.`,
      "This personal link can be used once and is valid for 30 days.",
    ],
    action: "Give my review",
  },
};

export function feedbackRequestMail(input: { brand: Brand; locale: string; firstName: string; trainingName: string; link: string }): Mail {
  const t = TEXTS[mailLang(input.locale)];
  const lines = t.lines(input.firstName, input.trainingName);
  const text = [...lines, `${t.action}: ${input.link}`, "", input.brand.title].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">
<div style="border-top:6px solid ${input.brand.styles.primary};max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;color:${input.brand.styles.primaryDark}">${escapeHtml(input.brand.title)}</p>
${lines.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(input.link)}" style="background:${input.brand.styles.primary};color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${escapeHtml(t.action)}</a></p>
</div></body></html>`;
  return { subject: t.subject(input.trainingName), text, html };
}
