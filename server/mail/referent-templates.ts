import type { Brand } from "#core/branding/brands.ts";
import { fixedT, serverLocale } from "../i18n/i18n.ts";
import { render, type Mail } from "./templates.ts";

/** The invitation a referent sends to a new learner (addApprenant, sendEmailToApprenant): its link creates the account. */
export function teamInvitationMail(input: { brand: Brand; locale: string; firstName: string; referent: string; pharmacy: string; link: string }): Mail {
  const t = fixedT(serverLocale(input.locale), "mail");
  const lines = [
    t("teamInvitation.greeting", { name: input.firstName }),
    t("teamInvitation.body", { referent: input.referent, pharmacy: input.pharmacy }),
    t("teamInvitation.validity"),
  ];
  return {
    subject: t("teamInvitation.subject", { referent: input.referent, brand: input.brand.title }),
    ...render(input.brand, lines, { label: t("teamInvitation.action"), url: input.link }),
  };
}
