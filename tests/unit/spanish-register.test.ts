// The Spanish texts say "usted" everywhere (decision 0022, docs/locales-style.md): interface strings, back API
// messages, mails and attestation PDFs. A "tú" form anywhere fails here with its key and text.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRANDS } from "#core/branding/brands.ts";
import { MESSAGE_KEYS, translator } from "../../server/back/i18n/messages.ts";
import { feedbackRequestMail } from "../../server/mail/feedback-templates.ts";
import { advisorMessageMail, passwordResetMail } from "../../server/mail/templates.ts";
import { RESOURCES } from "../../server/i18n/i18n.ts";
import { tuteoFindings } from "../../app/i18n/spanish-register.ts";

function strings(value: unknown, key: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([key, value]);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) strings(v, key ? `${key}.${k}` : k, out);
  return out;
}

const findings = (entries: [string, string][]) => entries.map(([key, text]) => ({ key, text, tu: tuteoFindings(text) })).filter((entry) => entry.tu.length > 0);

describe("tuteoFindings", () => {
  it.each([
    ["¿Has olvidado tu contraseña?", ["Has", "tu"]],
    ["Elige la farmacia con la que quieres continuar.", ["quieres", "Elige"]],
    ["Si existe una cuenta, te acabamos de enviar un correo.", ["te"]],
    ["Para continuar, lee las condiciones.", ["lee"]],
    ["Inscríbete desde su página.", ["Inscríbete"]],
  ])("finds the tú forms of %s", (text, expected) => expect(tuteoFindings(text).sort()).toEqual([...expected].sort()));

  it.each([
    "¿Ha olvidado su contraseña?",
    "La página que busca no existe o se ha movido.",
    "Completa",
    "Sesión completa: puede solicitar su inscripción en la lista de espera.",
    "Su mensaje se enviará a {{name}}.",
    "Este enlace no es válido. Solicite uno nuevo.",
  ])("accepts the usted text %s", (text) => expect(tuteoFindings(text)).toEqual([]));
});

describe("Spanish texts use usted", () => {
  it("in the translation files (locales/es-ES: pages, API messages, mails, attestation PDF)", () => {
    const dir = path.join(import.meta.dirname, "..", "..", "locales", "es-ES");
    const entries = fs.readdirSync(dir).flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), file));
    expect(entries.length).toBeGreaterThan(300);
    expect(findings(entries)).toEqual([]);
  });

  it("in the back API messages", () => {
    const t = translator("es-ES");
    expect(findings(MESSAGE_KEYS.map((key) => [key, t(key)]))).toEqual([]);
  });

  it("in the mails and the attestation PDF", () => {
    const brand = BRANDS.es;
    const mails = {
      passwordReset: passwordResetMail({ brand, locale: "es-ES", firstName: "Ana", link: "https://example.org/x" }),
      advisorMessage: advisorMessageMail({ brand, locale: "es-ES", fromName: "Ana", fromEmail: "ana@example.org", message: "Hola" }),
      feedbackRequest: feedbackRequestMail({ brand, locale: "es-ES", firstName: "Ana", trainingName: "Dermofarmacia", link: "https://example.org/x" }),
    };
    expect(findings(strings({ mails, pdf: RESOURCES["es-ES"].pdf }, ""))).toEqual([]);
  });
});
