import type { Brand } from "#core/branding/brands.ts";
import { fixedT, serverLocale } from "../i18n/i18n.ts";
import { render, type Mail } from "./templates.ts";

/**
 * The public sign-up's mails (ADR 0109), in the account's locale; texts in locales/<locale>/mail.json (signUp). The
 * new customer gets the confirmation link; the owner of an address that already has an account gets, instead, a word
 * that someone tried to sign up with it (and, when that account is still unconfirmed, a new confirmation link).
 */
export function signUpConfirmationMail(input: { brand: Brand; locale: string; firstName: string; link: string }): Mail {
  const t = fixedT(serverLocale(input.locale), "mail");
  const lines = [
    t("signUp.greeting", { name: input.firstName }),
    t("signUp.confirmBody", { brand: input.brand.title }),
    t("signUp.confirmValidity"),
    t("signUp.notYou"),
  ];
  return {
    subject: t("signUp.confirmSubject", { brand: input.brand.title }),
    ...render(input.brand, lines, { label: t("signUp.confirmAction"), url: input.link }),
  };
}

export function signUpExistingAccountMail(input: {
  brand: Brand;
  locale: string;
  firstName: string;
  loginLink: string;
  resetLink: string;
  /** A new confirmation link, when the account's address is not confirmed yet. */
  confirmLink: string | null;
}): Mail {
  const t = fixedT(serverLocale(input.locale), "mail");
  const lines = [
    t("signUp.greeting", { name: input.firstName }),
    t("signUp.existingBody", { brand: input.brand.title }),
    input.confirmLink ? t("signUp.existingUnconfirmed") : t("signUp.existingLogin", { link: input.loginLink }),
    t("signUp.existingReset", { link: input.resetLink }),
    t("signUp.existingNotYou"),
  ];
  return {
    subject: t("signUp.existingSubject", { brand: input.brand.title }),
    ...render(
      input.brand,
      lines,
      input.confirmLink ? { label: t("signUp.confirmAction"), url: input.confirmLink } : { label: t("signUp.loginAction"), url: input.loginLink },
    ),
  };
}
