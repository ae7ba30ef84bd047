/** The order confirmation mail, in the buyer's language, with the invoice attached by the caller. */
import type { Brand } from "#core/branding/brands.ts";
import { formatMoney } from "#core/domain/money.ts";
import { mailLang } from "./templates.ts";

const TEXTS = {
  fr: {
    subject: (brand: string, number: string) => `${brand} : confirmation de votre commande (facture ${number})`,
    lines: (name: string, total: string, trainings: string[]) => [
      `Bonjour ${name},`,
      `Merci pour votre commande de ${total}. Votre paiement est confirmé et vous êtes inscrit aux formations suivantes :`,
      ...trainings.map((t) => `• ${t}`),
      "Vous trouverez votre facture en pièce jointe. Vos formations vous attendent dans votre espace apprenant.",
    ],
  },
  es: {
    subject: (brand: string, number: string) => `${brand}: confirmación de su pedido (factura ${number})`,
    lines: (name: string, total: string, trainings: string[]) => [
      `Hola ${name}:`,
      `Gracias por su pedido de ${total}. Su pago está confirmado y usted está inscrito en las siguientes formaciones:`,
      ...trainings.map((t) => `• ${t}`),
      "Encontrará su factura adjunta. Sus formaciones le esperan en su espacio de alumno.",
    ],
  },
  en: {
    subject: (brand: string, number: string) => `${brand}: your order is confirmed (invoice ${number})`,
    lines: (name: string, total: string, trainings: string[]) => [
      `Hello ${name},`,
      `Thank you for your order of ${total}. Your payment is confirmed and you are enrolled in:`,
      ...trainings.map((t) => `• ${t}`),
      "Your invoice is attached. Your trainings are waiting for you in your learner area.",
    ],
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function orderConfirmationMail(input: {
  brand: Brand;
  locale: string;
  firstName: string;
  invoiceNumber: string;
  totalWithVatCents: number;
  currency: string;
  trainings: string[];
}) {
  const t = TEXTS[mailLang(input.locale)];
  const paragraphs = t.lines(input.firstName, formatMoney(input.totalWithVatCents, input.currency, input.locale), input.trainings);
  const text = [...paragraphs, "", input.brand.title].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">
<div style="border-top:6px solid ${input.brand.styles.primary};max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;color:${input.brand.styles.primaryDark}">${escapeHtml(input.brand.title)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
</div></body></html>`;
  return { subject: t.subject(input.brand.title, input.invoiceNumber), text, html };
}
