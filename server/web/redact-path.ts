/** Paths whose next segment is a secret (token) or personal (e-mail address). */
const SECRET_SEGMENT_AFTER = [
  "/reinitialiser-mon-mot-de-passe/",
  "/restablecer-mi-contrasena/",
  "/back/api/invitation/",
  "/back/api/passwordReset/sendMail/",
  "/back/api/validateEmail/",
  "/feedback/",
  "/trainer/virtualClass/",
];

/** Tokens and e-mail addresses travel in some paths: they never reach the logs. */
export function redactPath(path: string): string {
  for (const prefix of SECRET_SEGMENT_AFTER) {
    if (path.startsWith(prefix)) return prefix + path.slice(prefix.length).replace(/^[^/]+/, ":redacted");
  }
  return path;
}
