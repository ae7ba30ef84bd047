/** Server messages of sign-in safety: login limits, read-only favourites (merged in ../messages.ts). */
const en = {
  accountLoginPaused:
    "Too many failed attempts on this account: password sign-in is paused for {minutes} minutes. To sign in now, reset your password.",
  otherPlatformUnavailable: "Your account belongs to another platform, which cannot be reached from here.",
} as const;

type Keys = keyof typeof en;
export const signInMessages = {
  en,
  fr: {
    accountLoginPaused:
      "Trop de tentatives échouées sur ce compte : la connexion par mot de passe est suspendue pendant {minutes} minutes. Pour vous connecter tout de suite, réinitialisez votre mot de passe.",
    otherPlatformUnavailable: "Votre compte appartient à une autre plateforme, qui n'est pas accessible d'ici.",
  } satisfies Record<Keys, string>,
  es: {
    accountLoginPaused:
      "Demasiados intentos fallidos en esta cuenta: el acceso con contraseña queda suspendido durante {minutes} minutos. Para entrar ahora, restablezca su contraseña.",
    otherPlatformUnavailable: "Su cuenta pertenece a otra plataforma, a la que no se puede acceder desde aquí.",
  } satisfies Record<Keys, string>,
};
