import { describe, expect, it } from "vitest";
import { addResources, createI18n } from "./instance";

const resources = {
  "fr-FR": {
    common: { nav: { home: "Accueil" }, unread_one: "{{count}} non lue", unread_other: "{{count}} non lues", hello: "Bonjour {{name}}" },
    auth: { login: "Se connecter", zero_zero: "aucun", zero_other: "{{count}} éléments" },
  },
};

describe("translator", () => {
  const i18n = createI18n("fr-FR", resources);

  it("looks up nested keys in the default namespace", () => {
    expect(i18n.t("nav.home")).toBe("Accueil");
  });

  it("reads another namespace with a prefix and through getFixedT", () => {
    expect(i18n.t("auth:login")).toBe("Se connecter");
    expect(i18n.getFixedT("fr-FR", "auth")("login")).toBe("Se connecter");
    expect(i18n.getFixedT("fr-FR", "auth")("common:nav.home")).toBe("Accueil");
  });

  it.each([
    [0, "0 non lue"],
    [1, "1 non lue"],
    [2, "2 non lues"],
  ])("picks the French plural form for %d", (count, expected) => {
    expect(i18n.t("unread", { count })).toBe(expected);
  });

  it("prefers a _zero form when there is one", () => {
    expect(i18n.t("auth:zero", { count: 0 })).toBe("aucun");
    expect(i18n.t("auth:zero", { count: 3 })).toBe("3 éléments");
  });

  it("fills values and leaves unknown placeholders", () => {
    expect(i18n.t("hello", { name: "Léa" })).toBe("Bonjour Léa");
    expect(i18n.t("hello", {})).toBe("Bonjour {{name}}");
  });

  it("takes the first key that exists, and returns the last key when none does", () => {
    expect(i18n.t(["missing.key", "nav.home"])).toBe("Accueil");
    expect(i18n.t(["missing.one", "missing.two"])).toBe("missing.two");
  });

  it("adds bundles that arrive later without replacing known ones", () => {
    const instance = createI18n("fr-FR", resources);
    addResources(instance, { "fr-FR": { catalogue: { title: "Catalogue" }, common: { nav: { home: "changed" } } } });
    expect(instance.t("catalogue:title")).toBe("Catalogue");
    expect(instance.t("nav.home")).toBe("Accueil");
  });
});
