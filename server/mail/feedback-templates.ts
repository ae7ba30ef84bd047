import type { Brand } from "#core/branding/brands.ts";
import { fixedT, serverLocale } from "../i18n/i18n.ts";
import { render, type Mail } from "./templates.ts";

/** The mail asking a learner who finished a training for a rating and a comment (single-use link); texts in locales/<locale>/mail.json. */
export function feedbackRequestMail(input: { brand: Brand; locale: string; firstName: string; trainingName: string; link: string }): Mail {
  const t = fixedT(serverLocale(input.locale), "mail");
  const lines = [
    t("feedbackRequest.greeting", { name: input.firstName }),
    t("feedbackRequest.body", { training: input.trainingName }),
    t("feedbackRequest.validity"),
  ];
  return {
    subject: t("feedbackRequest.subject", { training: input.trainingName }),
    ...render(input.brand, lines, { label: t("feedbackRequest.action"), url: input.link }),
  };
}
