/** Server messages in each locale. fr-BE falls back to fr-FR, every locale to en-US. */
export const SERVER_LOCALES = ["fr-FR", "fr-BE", "es-ES", "en-US"] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];

const en = {
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
} as const;

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const fr: Catalogue = {
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
};

const es: Catalogue = {
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
};

const catalogues: Record<string, Catalogue> = { "en-US": en, "fr-FR": fr, "es-ES": es };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(locale: ServerLocale): Translate {
  const chain = [catalogues[locale], locale.startsWith("fr") ? fr : undefined, en].filter(Boolean) as Catalogue[];
  return (key, values) => {
    const template = chain.find((c) => c[key] !== undefined)?.[key] ?? key;
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
