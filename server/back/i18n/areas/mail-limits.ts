/** Server messages about mails sent on request: their rate limits, and the address check (merged in ../messages.ts). */
const en = {
  tooManyResetMails: "Several reset links were already sent to this address. Please check your mailbox, or try again in {minutes} minutes.",
  tooManyAdvisorMessages: "You have sent several messages to your advisor in a short time. Please try again in {minutes} minutes.",
  emailWellFormed: "This address is valid.",
} as const;

type Keys = keyof typeof en;
export const mailLimitsMessages = {
  en,
  fr: {
    tooManyResetMails:
      "Plusieurs liens de réinitialisation ont déjà été envoyés à cette adresse. Consultez votre messagerie ou réessayez dans {minutes} minutes.",
    tooManyAdvisorMessages: "Vous avez envoyé plusieurs messages à votre conseiller en peu de temps. Réessayez dans {minutes} minutes.",
    emailWellFormed: "Cette adresse est valide.",
  } satisfies Record<Keys, string>,
  es: {
    tooManyResetMails:
      "Ya se enviaron varios enlaces de restablecimiento a esta dirección. Revise su correo o vuelva a intentarlo dentro de {minutes} minutos.",
    tooManyAdvisorMessages: "Ha enviado varios mensajes a su asesor en poco tiempo. Vuelva a intentarlo dentro de {minutes} minutos.",
    emailWellFormed: "Esta dirección es válida.",
  } satisfies Record<Keys, string>,
};
