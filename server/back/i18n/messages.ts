/** Server messages in each locale. fr-BE falls back to fr-FR, every locale to en-US. */
export const SERVER_LOCALES = ["fr-FR", "fr-BE", "es-ES", "en-US"] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];

import { attestationsMessages } from "./areas/attestations.ts";
import { enrolmentMessages } from "./areas/enrolment.ts";
import { flowMessages } from "./areas/flow.ts";
import { mailLimitsMessages } from "./areas/mail-limits.ts";
import { recordsMessages } from "./areas/records.ts";
import { signInMessages } from "./areas/sign-in.ts";
import { shopMessages } from "./areas/shop.ts";

const baseEn = {
  ok: "OK",
  notFound: "Not found.",
  routeNotFound: "Unknown API path: {path}.",
  unauthenticated: "You must be logged in.",
  forbidden: "You are not allowed to do this.",
  readOnly: "Your contract is read-only: you cannot make changes.",
  csrfMismatch: "Your session has expired or the form is stale (CSRF token mismatch). Please reload the page and try again.",
  invalidInput: "Some fields are invalid.",
  invalidJson: "The request body is not valid JSON.",
  bodyTooLarge: "The request body is too large (1 MB at most).",
  unsupportedMediaType: "Unsupported content type.",
  unknownField: "Unknown field.",
  required: "This field is required.",
  invalidEmail: "Enter a valid email address.",
  invalidType: "Invalid value.",
  invalidCharacters: "This field contains characters that are not allowed (such as a NUL character). Remove them and try again.",
  tooShort: "Too short (at least {min} characters).",
  tooLong: "Too long (at most {max} characters).",
  tooSmall: "Must be at least {min}.",
  tooBig: "Must be at most {max}.",
  invalidCredentials: "Incorrect email or password.",
  tooManyAttempts: "Too many failed attempts. Try again in {minutes} minutes.",
  loggedIn: "You are logged in.",
  loggedOut: "You are logged out.",
  otherPlatform: "Your account belongs to another platform: you are being redirected.",
  internalError: "An unexpected error occurred. Reference: {requestId}.",
  healthy: "Healthy.",
  unhealthy: "The database is unreachable.",
  passwordResetSent: "If an account exists for this address, we have sent it a link to reset the password.",
  passwordPolicy: "The password needs at least 8 characters, with at least one letter and one digit.",
  passwordsDiffer: "The two passwords are different.",
  invalidResetToken: "This reset link is invalid or has expired. Ask for a new one.",
  passwordUpdated: "Your password has been changed.",
  wrongCurrentPassword: "The current password is incorrect.",
  emailAvailable: "This address is available.",
  emailTaken: "An account already exists with this address.",
  invalidInvitation: "This invitation is invalid, expired or already used.",
  accountCreated: "Your account has been created.",
  consentSaved: "Your choice has been saved.",
  accountChosen: "Pharmacy selected.",
  notAMember: "You are not a member of this pharmacy.",
  invalidConnectToken: "This connection link is invalid or has expired. Please log in.",
  profileUpdated: "Your details have been saved.",
  messageSent: "Your message has been sent to your advisor.",
  noAdvisor: "No advisor is assigned to you yet.",
  invalidImage: "The picture must be a JPEG, PNG or WebP image.",
  imageTooLarge: "The picture is too large (2 MB at most).",
  invalidPhone: "Enter a valid phone number.",
  birthDateFuture: "The date of birth cannot be in the future.",
  birthDateTooOld: "Enter a date of birth after 1 January 1900.",
  birthDateTooYoung: "You must be at least 16 years old: check the date of birth.",
  trainingNotFound: "This training does not exist or is not available.",
  sortNotOffered: "This sort order is not offered here.",
  durationRange: "The minimum duration cannot exceed the maximum duration.",
  bookmarkAdded: "Added to your favourites.",
  bookmarkRemoved: "Removed from your favourites.",
  contactSent: "Thank you, your message has been sent. We will answer you shortly.",
  surveySent: "Thank you, your answers have been sent. An advisor will contact you.",
  consentRequired: "Please accept so that we can process your request.",
  tooManyMessages: "You have sent several messages in a short time. Please try again in {minutes} minutes.",
  invalidPage: "This page number does not exist.",
  chooseAtLeastOne: "Choose at least one option.",
} as const;

/** Each learning area keeps its messages in ./areas/<area>.ts, in the three languages. */
const AREAS = [enrolmentMessages, flowMessages, recordsMessages, attestationsMessages, signInMessages, mailLimitsMessages, shopMessages] as const;
const en = {
  ...baseEn,
  ...enrolmentMessages.en,
  ...flowMessages.en,
  ...recordsMessages.en,
  ...attestationsMessages.en,
  ...signInMessages.en,
  ...mailLimitsMessages.en,
  ...shopMessages.en,
};

export type MessageKey = keyof typeof en;
/** Every message key (the style test of the Spanish texts reads them all). */
export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];
type Catalogue = Record<MessageKey, string>;

const baseFr: Record<keyof typeof baseEn, string> = {
  ok: "OK",
  notFound: "Introuvable.",
  routeNotFound: "Chemin d'API inconnu : {path}.",
  unauthenticated: "Vous devez être connecté.",
  forbidden: "Vous n'avez pas le droit de faire cela.",
  readOnly: "Votre contrat est en lecture seule : vous ne pouvez rien modifier.",
  csrfMismatch: "Votre session a expiré ou le formulaire est périmé (jeton CSRF invalide). Rechargez la page et réessayez.",
  invalidInput: "Certains champs sont invalides.",
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  bodyTooLarge: "Le corps de la requête est trop volumineux (1 Mo au plus).",
  unsupportedMediaType: "Type de contenu non pris en charge.",
  unknownField: "Champ inconnu.",
  required: "Ce champ est obligatoire.",
  invalidEmail: "Saisissez une adresse e-mail valide.",
  invalidType: "Valeur invalide.",
  invalidCharacters: "Ce champ contient des caractères non autorisés (par exemple un caractère NUL). Retirez-les et réessayez.",
  tooShort: "Trop court ({min} caractères au moins).",
  tooLong: "Trop long ({max} caractères au plus).",
  tooSmall: "Doit être au moins {min}.",
  tooBig: "Doit être au plus {max}.",
  invalidCredentials: "Adresse e-mail ou mot de passe incorrect.",
  tooManyAttempts: "Trop de tentatives échouées. Réessayez dans {minutes} minutes.",
  loggedIn: "Vous êtes connecté.",
  loggedOut: "Vous êtes déconnecté.",
  otherPlatform: "Votre compte appartient à une autre plateforme : vous allez y être redirigé.",
  internalError: "Une erreur inattendue s'est produite. Référence : {requestId}.",
  healthy: "En bonne santé.",
  unhealthy: "La base de données est injoignable.",
  passwordResetSent: "Si un compte existe pour cette adresse, nous lui avons envoyé un lien pour réinitialiser le mot de passe.",
  passwordPolicy: "Le mot de passe doit comporter au moins 8 caractères, dont au moins une lettre et un chiffre.",
  passwordsDiffer: "Les deux mots de passe sont différents.",
  invalidResetToken: "Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.",
  passwordUpdated: "Votre mot de passe a été modifié.",
  wrongCurrentPassword: "Le mot de passe actuel est incorrect.",
  emailAvailable: "Cette adresse est disponible.",
  emailTaken: "Un compte existe déjà avec cette adresse.",
  invalidInvitation: "Cette invitation est invalide, expirée ou déjà utilisée.",
  accountCreated: "Votre compte a été créé.",
  consentSaved: "Votre choix a été enregistré.",
  accountChosen: "Pharmacie sélectionnée.",
  notAMember: "Vous n'êtes pas membre de cette pharmacie.",
  invalidConnectToken: "Ce lien de connexion est invalide ou a expiré. Veuillez vous connecter.",
  profileUpdated: "Vos informations ont été enregistrées.",
  messageSent: "Votre message a été envoyé à votre conseiller.",
  noAdvisor: "Aucun conseiller ne vous est encore attribué.",
  invalidImage: "La photo doit être une image JPEG, PNG ou WebP.",
  imageTooLarge: "La photo est trop volumineuse (2 Mo au plus).",
  invalidPhone: "Saisissez un numéro de téléphone valide.",
  birthDateFuture: "La date de naissance ne peut pas être dans le futur.",
  birthDateTooOld: "Saisissez une date de naissance postérieure au 1er janvier 1900.",
  birthDateTooYoung: "Vous devez avoir au moins 16 ans : vérifiez la date de naissance.",
  trainingNotFound: "Cette formation n'existe pas ou n'est pas disponible.",
  sortNotOffered: "Ce tri n'est pas proposé ici.",
  durationRange: "La durée minimale ne peut pas dépasser la durée maximale.",
  bookmarkAdded: "Formation ajoutée à vos favoris.",
  bookmarkRemoved: "Formation retirée de vos favoris.",
  contactSent: "Merci, votre message a bien été envoyé. Nous vous répondrons rapidement.",
  surveySent: "Merci, vos réponses ont bien été envoyées. Un conseiller vous contactera.",
  consentRequired: "Veuillez donner votre accord pour que nous puissions traiter votre demande.",
  tooManyMessages: "Vous avez envoyé plusieurs messages en peu de temps. Réessayez dans {minutes} minutes.",
  invalidPage: "Ce numéro de page n'existe pas.",
  chooseAtLeastOne: "Choisissez au moins une option.",
};

const baseEs: Record<keyof typeof baseEn, string> = {
  ok: "OK",
  notFound: "No encontrado.",
  routeNotFound: "Ruta de API desconocida: {path}.",
  unauthenticated: "Debe iniciar sesión.",
  forbidden: "No tiene permiso para hacer esto.",
  readOnly: "Su contrato es de solo lectura: no puede realizar cambios.",
  csrfMismatch: "Su sesión ha caducado o el formulario está obsoleto (token CSRF no válido). Recargue la página e inténtelo de nuevo.",
  invalidInput: "Algunos campos no son válidos.",
  invalidJson: "El cuerpo de la solicitud no es un JSON válido.",
  bodyTooLarge: "El cuerpo de la solicitud es demasiado grande (1 MB como máximo).",
  unsupportedMediaType: "Tipo de contenido no admitido.",
  unknownField: "Campo desconocido.",
  required: "Este campo es obligatorio.",
  invalidEmail: "Introduzca un correo electrónico válido.",
  invalidType: "Valor no válido.",
  invalidCharacters: "Este campo contiene caracteres no permitidos (por ejemplo, un carácter NUL). Elimínelos y vuelva a intentarlo.",
  tooShort: "Demasiado corto (al menos {min} caracteres).",
  tooLong: "Demasiado largo (como máximo {max} caracteres).",
  tooSmall: "Debe ser al menos {min}.",
  tooBig: "Debe ser como máximo {max}.",
  invalidCredentials: "Correo electrónico o contraseña incorrectos.",
  tooManyAttempts: "Demasiados intentos fallidos. Vuelva a intentarlo dentro de {minutes} minutos.",
  loggedIn: "Ha iniciado sesión.",
  loggedOut: "Ha cerrado sesión.",
  otherPlatform: "Su cuenta pertenece a otra plataforma: le estamos redirigiendo.",
  internalError: "Se ha producido un error inesperado. Referencia: {requestId}.",
  healthy: "Operativo.",
  unhealthy: "No se puede acceder a la base de datos.",
  passwordResetSent: "Si existe una cuenta con esta dirección, le hemos enviado un enlace para restablecer la contraseña.",
  passwordPolicy: "La contraseña debe tener al menos 8 caracteres, con al menos una letra y un número.",
  passwordsDiffer: "Las dos contraseñas no coinciden.",
  invalidResetToken: "Este enlace de restablecimiento no es válido o ha caducado. Solicite uno nuevo.",
  passwordUpdated: "Su contraseña se ha cambiado.",
  wrongCurrentPassword: "La contraseña actual es incorrecta.",
  emailAvailable: "Esta dirección está disponible.",
  emailTaken: "Ya existe una cuenta con esta dirección.",
  invalidInvitation: "Esta invitación no es válida, ha caducado o ya se ha utilizado.",
  accountCreated: "Su cuenta se ha creado.",
  consentSaved: "Su elección se ha guardado.",
  accountChosen: "Farmacia seleccionada.",
  notAMember: "No es miembro de esta farmacia.",
  invalidConnectToken: "Este enlace de conexión no es válido o ha caducado. Inicie sesión.",
  profileUpdated: "Sus datos se han guardado.",
  messageSent: "Su mensaje se ha enviado a su asesor.",
  noAdvisor: "Todavía no tiene un asesor asignado.",
  invalidImage: "La foto debe ser una imagen JPEG, PNG o WebP.",
  imageTooLarge: "La foto es demasiado grande (2 MB como máximo).",
  invalidPhone: "Introduzca un número de teléfono válido.",
  birthDateFuture: "La fecha de nacimiento no puede ser futura.",
  birthDateTooOld: "Introduzca una fecha de nacimiento posterior al 1 de enero de 1900.",
  birthDateTooYoung: "Debe tener al menos 16 años: compruebe la fecha de nacimiento.",
  trainingNotFound: "Esta formación no existe o no está disponible.",
  sortNotOffered: "Esta ordenación no está disponible aquí.",
  durationRange: "La duración mínima no puede superar la duración máxima.",
  bookmarkAdded: "Formación añadida a sus favoritos.",
  bookmarkRemoved: "Formación eliminada de sus favoritos.",
  contactSent: "Gracias, su mensaje se ha enviado. Le responderemos en breve.",
  surveySent: "Gracias, sus respuestas se han enviado. Un asesor se pondrá en contacto con usted.",
  consentRequired: "Acepte para que podamos tramitar su solicitud.",
  tooManyMessages: "Ha enviado varios mensajes en poco tiempo. Vuelva a intentarlo dentro de {minutes} minutos.",
  invalidPage: "Este número de página no existe.",
  chooseAtLeastOne: "Elija al menos una opción.",
};

const fr: Catalogue = Object.assign({}, baseFr, ...AREAS.map((area) => area.fr));
const es: Catalogue = Object.assign({}, baseEs, ...AREAS.map((area) => area.es));
const catalogues: Record<string, Catalogue> = { "en-US": en, "fr-FR": fr, "es-ES": es };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(locale: ServerLocale): Translate {
  const chain = [catalogues[locale], locale.startsWith("fr") ? fr : undefined, en].filter(Boolean) as Catalogue[];
  return (key, values) => {
    const template = chain.find((c) => Object.hasOwn(c, key))?.[key] ?? key;
    return values ? template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? `{${name}}`)) : template;
  };
}

/** Picks the best supported locale from an Accept-Language header. */
export function negotiateLocale(header: string | null | undefined): ServerLocale {
  if (!header) return "en-US";
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const exact = SERVER_LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split("-")[0];
    if (language === "fr") return tag === "fr-be" ? "fr-BE" : "fr-FR";
    if (language === "es") return "es-ES";
    if (language === "en") return "en-US";
  }
  return "en-US";
}
