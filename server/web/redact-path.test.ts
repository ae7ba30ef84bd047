import { describe, expect, it } from "vitest";
import { redactPath } from "./redact-path.ts";

describe("redactPath", () => {
  it.each([
    ["/reinitialiser-mon-mot-de-passe/Qm9uam91ci1sZS1tb25kZS0xMjM0NTY3ODkw", "/reinitialiser-mon-mot-de-passe/:redacted"],
    ["/restablecer-mi-contrasena/abc", "/restablecer-mi-contrasena/:redacted"],
    ["/back/api/passwordReset/sendMail/learner%40demo.test", "/back/api/passwordReset/sendMail/:redacted"],
    ["/back/api/invitation/demo-invite-marche-2", "/back/api/invitation/:redacted"],
    ["/catalogue", "/catalogue"],
    ["/formation/phytotherapie-hiver", "/formation/phytotherapie-hiver"],
  ])("%s -> %s", (path, expected) => {
    expect(redactPath(path)).toBe(expected);
  });
});
