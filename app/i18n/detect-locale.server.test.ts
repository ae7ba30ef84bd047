import { describe, expect, it } from "vitest";
import type { Locale } from "#core/branding/brands.ts";
import { localeForPath } from "#core/locales.ts";
import { createLocaleDetector } from "./detect-locale.server";

const HOSTS: Record<string, Locale> = { localhost: "fr-FR", "be.localhost": "fr-BE", "es.localhost": "es-ES" };
const detector = createLocaleDetector((request) => HOSTS[new URL(request.url).hostname]);
const detect = (host: string, headers: Record<string, string> = {}) => detector.getLocale(new Request(`http://${host}/`, { headers }));

describe("locale detection (remix-i18next, our order)", () => {
  it("takes the lng cookie first", async () => {
    expect(await detect("es.localhost", { cookie: "a=1; lng=fr-BE", "accept-language": "en" })).toBe("fr-BE");
  });

  it("ignores an en-US or unknown cookie, then takes the host's locale", async () => {
    expect(await detect("be.localhost", { cookie: "lng=en-US", "accept-language": "es" })).toBe("fr-BE");
    expect(await detect("es.localhost", { cookie: "lng=de-DE" })).toBe("es-ES");
  });

  it("then Accept-Language, every tag by quality, on an unknown host", async () => {
    expect(await detect("example.org", { "accept-language": "de-DE,fr;q=0.8,es;q=0.5" })).toBe("fr-FR");
    expect(await detect("example.org", { "accept-language": "es-MX;q=0.9,fr-BE;q=0.95" })).toBe("fr-BE");
  });

  it("ends in en-US", async () => {
    expect(await detect("example.org")).toBe("en-US");
    expect(await detect("example.org", { "accept-language": "de-DE" })).toBe("en-US");
  });
});

describe("localeForPath", () => {
  it("a Spanish path is es-ES, a French path keeps a French choice or the Belgian host's locale", () => {
    expect(localeForPath("es", "fr-BE", "fr-BE")).toBe("es-ES");
    expect(localeForPath("fr", "fr-BE", "fr-FR")).toBe("fr-BE");
    expect(localeForPath("fr", "es-ES", "fr-BE")).toBe("fr-BE");
    expect(localeForPath("fr", "es-ES", "es-ES")).toBe("fr-FR");
    expect(localeForPath(null, "es-ES", "fr-FR")).toBe("es-ES");
  });
});
