/** The four brands. Pure data: imported by the web tier and the back API. */
export const BRAND_KEYS = ["fr", "be", "es", "es-campus"] as const;
export type BrandKey = (typeof BRAND_KEYS)[number];

export type Locale = "fr-FR" | "fr-BE" | "es-ES" | "en-US";
export type SortOption = "newest" | "alphabeticalOrder" | "rating";

export type Brand = {
  key: BrandKey;
  title: string;
  /** The locale of this brand's host and the language of its content. */
  defaultLocale: Exclude<Locale, "en-US">;
  contentLang: "fr" | "es";
  logo: string;
  favicon: string;
  styles: { primary: string; primaryDark: string };
  catalog: {
    paginated: boolean;
    sortOptions: SortOption[];
    showRatingOnCards: boolean;
  };
  authenticatedOnly: boolean;
  dedicatedSupport: { email: string; phone: string } | null;
  socialLinks: { network: "facebook" | "linkedin" | "instagram" | "youtube" | "x"; url: string }[];
  teamHistoryExport: boolean;
  contactEmail: string;
  /** Slugs of the brand's own content pages (/pages/{slug}) that the footer and the sign-up form link to. */
  legalPages: { about: string; legalNotice: string; terms: string; privacy: string };
};

const FRENCH_LEGAL_PAGES: Brand["legalPages"] = {
  about: "qui-sommes-nous",
  legalNotice: "mentions-legales",
  terms: "conditions-generales-de-vente",
  privacy: "politique-de-confidentialite",
};
const SPANISH_LEGAL_PAGES: Brand["legalPages"] = {
  about: "quienes-somos",
  legalNotice: "aviso-legal",
  terms: "condiciones-generales",
  privacy: "politica-de-privacidad",
};

export const BRANDS: Record<BrandKey, Brand> = {
  fr: {
    key: "fr",
    title: "Officine Académie",
    defaultLocale: "fr-FR",
    contentLang: "fr",
    logo: "/brands/fr/logo.svg",
    favicon: "/brands/fr/favicon.svg",
    styles: { primary: "#0B5CAD", primaryDark: "#08427C" },
    catalog: { paginated: false, sortOptions: ["newest", "alphabeticalOrder"], showRatingOnCards: true },
    authenticatedOnly: false,
    dedicatedSupport: null,
    socialLinks: [
      { network: "linkedin", url: "https://www.linkedin.com/company/officine-academie-demo" },
      { network: "facebook", url: "https://www.facebook.com/officine.academie.demo" },
      { network: "youtube", url: "https://www.youtube.com/@officine-academie-demo" },
    ],
    teamHistoryExport: true,
    contactEmail: "contact@officine-academie.test",
    legalPages: FRENCH_LEGAL_PAGES,
  },
  be: {
    key: "be",
    title: "PharmaSavoir",
    defaultLocale: "fr-BE",
    contentLang: "fr",
    logo: "/brands/be/logo.svg",
    favicon: "/brands/be/favicon.svg",
    styles: { primary: "#6B2F8F", primaryDark: "#4E2169" },
    catalog: { paginated: true, sortOptions: ["newest", "alphabeticalOrder", "rating"], showRatingOnCards: true },
    authenticatedOnly: false,
    dedicatedSupport: null,
    socialLinks: [{ network: "linkedin", url: "https://www.linkedin.com/company/pharmasavoir-demo" }],
    teamHistoryExport: false,
    contactEmail: "contact@pharmasavoir.test",
    legalPages: FRENCH_LEGAL_PAGES,
  },
  es: {
    key: "es",
    title: "AulaFarma",
    defaultLocale: "es-ES",
    contentLang: "es",
    logo: "/brands/es/logo.svg",
    favicon: "/brands/es/favicon.svg",
    styles: { primary: "#0E6E55", primaryDark: "#094F3D" },
    catalog: { paginated: false, sortOptions: ["newest", "alphabeticalOrder"], showRatingOnCards: false },
    authenticatedOnly: false,
    dedicatedSupport: null,
    socialLinks: [
      { network: "instagram", url: "https://www.instagram.com/aulafarma.demo" },
      { network: "linkedin", url: "https://www.linkedin.com/company/aulafarma-demo" },
    ],
    teamHistoryExport: true,
    contactEmail: "hola@aulafarma.test",
    legalPages: SPANISH_LEGAL_PAGES,
  },
  "es-campus": {
    key: "es-campus",
    title: "Campus Botica",
    defaultLocale: "es-ES",
    contentLang: "es",
    logo: "/brands/es-campus/logo.svg",
    favicon: "/brands/es-campus/favicon.svg",
    styles: { primary: "#B23A0B", primaryDark: "#8A2C07" },
    catalog: { paginated: false, sortOptions: ["newest", "alphabeticalOrder"], showRatingOnCards: false },
    authenticatedOnly: true,
    dedicatedSupport: { email: "soporte@campusbotica.test", phone: "+34 910 000 000" },
    socialLinks: [{ network: "linkedin", url: "https://www.linkedin.com/company/campus-botica-demo" }],
    teamHistoryExport: false,
    contactEmail: "soporte@campusbotica.test",
    legalPages: SPANISH_LEGAL_PAGES,
  },
};

export function isBrandKey(value: unknown): value is BrandKey {
  return typeof value === "string" && (BRAND_KEYS as readonly string[]).includes(value);
}
