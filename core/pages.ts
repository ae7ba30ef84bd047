import type { BrandKey } from "./branding/brands.ts";
import type { PathLang } from "./locales.ts";

/**
 * THE table of pages. Each page has a stable id and its path in each language
 * (":param" segments). A page with one path serves every locale; a page with only
 * one language exists only there. app/routes.ts registers these; links are built
 * from ids with `pagePath`, never hard-coded.
 */
export type Layout = "default" | "feedback" | "none" | "connect-as-farline";

/**
 * The area a page belongs to: its layout's middleware enforces the area's rule (app/lib/area-guards.server.ts) for
 * every loader and action below it. Pages without an area are public.
 */
export const PAGE_AREAS = ["guest", "account", "account-open", "learn", "pharmacy", "admin", "shop"] as const;
export type PageArea = (typeof PAGE_AREAS)[number];

/** The technical routes every page posts to (routes.ts registers them; forms use these paths). */
export const SYSTEM_PATHS = {
  setLocale: "/locale",
  cookieConsent: "/consent-cookies",
  notificationsRead: "/notifications/read",
} as const;

export type PageDef = {
  id: string;
  file: string;
  layout: Layout;
  area?: PageArea;
  /** Paths by language; "*" for a path shared by both languages. */
  paths: Partial<Record<PathLang | "*", string>>;
  /** i18n namespaces the page needs besides "common". */
  ns?: string[];
  /** Left out of the sitemap (private or technical pages). */
  noIndex?: boolean;
  /**
   * Country pages: the brands that have this page (every brand when absent). Other brands answer 404
   * and never link to it, whatever the visitor's language (ADR 0021).
   */
  brands?: BrandKey[];
};

export const PAGES: PageDef[] = [
  { id: "home", file: "routes/public/home.tsx", layout: "default", paths: { "*": "/" }, ns: ["home", "catalogue"] },
  {
    id: "landing-trod",
    file: "routes/public/landing-trod.tsx",
    layout: "none",
    paths: { fr: "/formations-trod-cystite-angine" },
    ns: ["landing"],
    brands: ["fr"],
  },
  {
    id: "cookie-policy",
    file: "routes/public/cookie-policy.tsx",
    layout: "default",
    paths: { es: "/politica-cookies" },
    ns: ["cookies"],
    brands: ["es", "es-campus"],
  },
  {
    id: "cookies-policy-link",
    file: "routes/public/cookies-policy-link.tsx",
    layout: "default",
    paths: { "*": "/cookiespolicy" },
    ns: ["cookies"],
    noIndex: true,
  },
  {
    id: "training",
    file: "routes/public/training.tsx",
    layout: "default",
    paths: { "*": "/:trainingType/:slug" },
    ns: ["training", "catalogue", "shop"],
  },
  // Catalogue and search (catalogue ns; the course page above also uses it for its cards).
  {
    id: "catalogue",
    file: "routes/catalogue/catalogue.tsx",
    layout: "default",
    paths: { fr: "/catalogue", es: "/catalogar" },
    ns: ["catalogue", "shop"],
  },
  {
    id: "search",
    file: "routes/catalogue/search.tsx",
    layout: "default",
    paths: { fr: "/recherche/:value", es: "/buscar/:value" },
    ns: ["catalogue", "shop"],
    noIndex: true,
  },
  {
    id: "search-form",
    file: "routes/catalogue/search-form.ts",
    layout: "default",
    paths: { fr: "/recherche", es: "/buscar" },
    noIndex: true,
  },
  // Accounts and access (auth ns: guest pages, user menu, consent; account ns: the user's own pages).
  { id: "login", file: "routes/auth/login.tsx", layout: "default", area: "guest", paths: { fr: "/connexion", es: "/conexion" }, ns: ["auth"], noIndex: true },
  {
    id: "connect-as",
    file: "routes/auth/connect-as.tsx",
    layout: "connect-as-farline",
    paths: { "*": "/connectAsAfterRedirectPlatform" },
    ns: ["auth"],
    noIndex: true,
  },
  { id: "logout", file: "routes/auth/logout.tsx", layout: "default", paths: { fr: "/deconnexion", es: "/desconexion" }, ns: ["auth"], noIndex: true },
  {
    id: "forgot-password",
    file: "routes/auth/forgot-password.tsx",
    layout: "default",
    area: "guest",
    paths: { fr: "/mot-de-passe-oublie", es: "/contrasena-olvidada" },
    ns: ["auth"],
    noIndex: true,
  },
  {
    id: "reset-password",
    file: "routes/auth/reset-password.tsx",
    layout: "default",
    paths: { fr: "/reinitialiser-mon-mot-de-passe/:token", es: "/restablecer-mi-contrasena/:token" },
    ns: ["auth"],
    noIndex: true,
  },
  {
    id: "account-choice",
    file: "routes/auth/account-choice.tsx",
    layout: "default",
    area: "account-open",
    paths: { fr: "/choix-du-compte", es: "/eleccion-de-cuenta" },
    ns: ["auth"],
    noIndex: true,
  },
  {
    id: "create-account",
    file: "routes/auth/create-account.tsx",
    layout: "default",
    paths: { "*": "/abonnement/creer-mon-compte" },
    ns: ["auth"],
    noIndex: true,
  },
  // The public sign-up of shop customers (ADR 0109): the form, then the link of the confirmation mail.
  {
    id: "sign-up",
    file: "routes/auth/sign-up.tsx",
    layout: "default",
    area: "guest",
    paths: { fr: "/inscription", es: "/registro" },
    ns: ["auth", "shop"],
    noIndex: true,
  },
  {
    id: "confirm-email",
    file: "routes/auth/confirm-email.tsx",
    layout: "default",
    paths: { fr: "/inscription/confirmer/:token", es: "/registro/confirmar/:token" },
    ns: ["auth"],
    noIndex: true,
  },
  { id: "consent", file: "routes/auth/consent.ts", layout: "none", paths: { "*": "/consentement" }, noIndex: true },
  {
    id: "edit-password",
    file: "routes/account/edit-password.tsx",
    layout: "default",
    area: "account-open",
    paths: { "*": "/compte/mon-mot-de-passe" },
    ns: ["account"],
    noIndex: true,
  },
  {
    id: "profile",
    file: "routes/account/profile.tsx",
    layout: "default",
    area: "account",
    paths: { fr: "/compte/profil", es: "/cuenta/perfil" },
    ns: ["account", "records"],
    noIndex: true,
  },
  {
    id: "profile-infos",
    file: "routes/account/profile-infos.tsx",
    layout: "default",
    area: "account",
    paths: { fr: "/compte/profil/infos", es: "/cuenta/perfil/infos" },
    ns: ["account"],
    noIndex: true,
  },
  {
    id: "advisor-contact",
    file: "routes/account/advisor-contact.tsx",
    layout: "default",
    area: "account-open",
    paths: { fr: "/compte/contact", es: "/cuenta/contactar" },
    ns: ["account"],
    noIndex: true,
  },
  // Learning journey: learn view and quizzes (learning ns), learner records (records ns), attestations,
  // feedback and trainer pages (attestations ns).
  {
    id: "learn",
    file: "routes/learn/learn.tsx",
    layout: "default",
    area: "learn",
    paths: { "*": "/:trainingType/:slug/learn" },
    ns: ["learning", "training"],
    noIndex: true,
  },
  {
    id: "video-quiz",
    file: "routes/learn/video-quiz.tsx",
    layout: "default",
    area: "learn",
    paths: { "*": "/video/quiz/:slug" },
    ns: ["learning"],
    noIndex: true,
  },
  {
    id: "evaluation-quiz",
    file: "routes/learn/evaluation-quiz.tsx",
    layout: "default",
    area: "learn",
    paths: { fr: "/evaluation-quiz/:id", es: "/valoracion-quiz/:id" },
    ns: ["learning"],
    noIndex: true,
  },
  {
    id: "profile-plan",
    file: "routes/account/profile-plan.tsx",
    layout: "default",
    area: "account",
    paths: { fr: "/compte/profil/plan-de-formation", es: "/cuenta/perfil/plan-de-formacion" },
    ns: ["account", "records"],
    noIndex: true,
  },
  {
    id: "profile-history",
    file: "routes/account/profile-history.tsx",
    layout: "default",
    area: "account",
    paths: { fr: "/compte/profil/historique", es: "/cuenta/perfil/historial" },
    ns: ["account", "records"],
    noIndex: true,
  },
  {
    id: "profile-bookmarks",
    file: "routes/account/profile-bookmarks.tsx",
    layout: "default",
    area: "account",
    paths: { fr: "/compte/profil/favoris", es: "/cuenta/perfil/favoritos" },
    ns: ["account", "catalogue"],
    noIndex: true,
  },
  {
    id: "profile-attestations",
    file: "routes/account/profile-attestations.tsx",
    layout: "default",
    area: "account",
    paths: { fr: "/compte/profil/attestation", es: "/cuenta/perfil/certificados" },
    ns: ["account", "attestations"],
    noIndex: true,
  },
  {
    id: "compliance-tracker",
    file: "routes/account/compliance-tracker.tsx",
    layout: "default",
    area: "account",
    paths: { fr: "/compte/profil/obligations", es: "/cuenta/perfil/obligaciones" },
    ns: ["account", "compliance"],
    noIndex: true,
  },
  {
    id: "attestation-verify",
    file: "routes/learn/attestation-verify.tsx",
    layout: "default",
    paths: { fr: "/verification-attestation/:code", es: "/verificacion-certificado/:code" },
    ns: ["attestations"],
    noIndex: true,
  },
  { id: "feedback", file: "routes/learn/feedback.tsx", layout: "feedback", paths: { "*": "/feedback/:token" }, ns: ["attestations"], noIndex: true },
  {
    id: "trainer-virtual-class",
    file: "routes/learn/trainer-virtual-class.tsx",
    layout: "default",
    paths: { "*": "/trainer/virtualClass/:token" },
    ns: ["attestations"],
    noIndex: true,
  },
  // The shop (shop ns; area "shop": guests and shop customers, ADR 0036).
  { id: "shop", file: "routes/shop/shop.tsx", layout: "default", area: "shop", paths: { fr: "/boutique", es: "/tienda" }, ns: ["shop", "catalogue"] },
  {
    id: "cart",
    file: "routes/shop/cart.tsx",
    layout: "default",
    area: "shop",
    paths: { fr: "/boutique/panier", es: "/tienda/carrito" },
    ns: ["shop"],
    noIndex: true,
  },
  {
    id: "order",
    file: "routes/shop/order.tsx",
    layout: "default",
    area: "shop",
    paths: { fr: "/boutique/commande", es: "/tienda/pedido" },
    ns: ["shop"],
    noIndex: true,
  },
  // Pharmacy management (pharmacy ns; area "pharmacy": holders and referents; tabs in app/components/pharmacy/pharmacy-tabs.tsx).
  {
    id: "pharmacy",
    file: "routes/pharmacy/index.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie", es: "/administracion/mi-farmacia" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  {
    id: "pharmacy-team",
    file: "routes/pharmacy/team.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/equipe", es: "/administracion/mi-farmacia/equipo" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  {
    id: "pharmacy-attribution",
    file: "routes/pharmacy/attribution.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/equipe/attribuer", es: "/administracion/mi-farmacia/equipo/asignar" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  {
    id: "pharmacy-attestations",
    file: "routes/pharmacy/attestations.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/attestations", es: "/administracion/mi-farmacia/certificados" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  {
    id: "pharmacy-declared-actions",
    file: "routes/pharmacy/declared-actions.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/actions-declarees", es: "/administracion/mi-farmacia/actividades-declaradas" },
    ns: ["pharmacy", "compliance"],
    noIndex: true,
  },
  {
    id: "pharmacy-training-plans",
    file: "routes/pharmacy/training-plans.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/plan-collectif", es: "/administracion/mi-farmacia/plan-colectivo" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  {
    id: "pharmacy-contract",
    file: "routes/pharmacy/contract.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/contrat", es: "/administracion/mi-farmacia/contrato" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  {
    id: "pharmacy-dashboard",
    file: "routes/pharmacy/dashboard.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/tableau-de-bord", es: "/administracion/mi-farmacia/panel" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  // The team's compliance status (issue 33, ADR 0126; compliance-team ns): the list, one member's detail.
  {
    id: "pharmacy-compliance",
    file: "routes/pharmacy/compliance-team.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/conformite", es: "/administracion/mi-farmacia/cumplimiento" },
    ns: ["pharmacy", "compliance-team"],
    noIndex: true,
  },
  {
    id: "pharmacy-compliance-export",
    file: "routes/pharmacy/compliance-export.ts",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/conformite/export/:format", es: "/administracion/mi-farmacia/cumplimiento/exportar/:format" },
    noIndex: true,
  },
  {
    id: "pharmacy-compliance-member",
    file: "routes/pharmacy/compliance-member.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/conformite/:memberId", es: "/administracion/mi-farmacia/cumplimiento/:memberId" },
    ns: ["pharmacy", "compliance-team"],
    noIndex: true,
  },
  {
    id: "pharmacy-funding-requests",
    file: "routes/pharmacy/funding-requests.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge", es: "/administracion/mi-farmacia/bonificaciones" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  {
    id: "pharmacy-invoices",
    file: "routes/pharmacy/invoices.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/factures", es: "/administracion/mi-farmacia/facturas" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  {
    id: "pharmacy-invoices-zip",
    file: "routes/pharmacy/invoices-zip.ts",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/factures/zip", es: "/administracion/mi-farmacia/facturas/zip" },
    noIndex: true,
  },
  {
    id: "pharmacy-history-export",
    file: "routes/pharmacy/history-export.ts",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/tableau-de-bord/export", es: "/administracion/mi-farmacia/panel/exportar" },
    noIndex: true,
  },
  {
    id: "pharmacy-history-export-job",
    file: "routes/pharmacy/history-export-job.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/tableau-de-bord/export/:jobId", es: "/administracion/mi-farmacia/panel/exportar/:jobId" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  // Audit evidence packs of the pharmacy's learners (issue 33, ADR 0127).
  {
    id: "pharmacy-evidence-packs",
    file: "routes/pharmacy/evidence-packs.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/dossiers-de-preuves", es: "/administracion/mi-farmacia/expedientes-de-evidencias" },
    ns: ["pharmacy", "evidence-pack"],
    noIndex: true,
  },
  {
    id: "pharmacy-evidence-pack",
    file: "routes/pharmacy/evidence-pack.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/dossiers-de-preuves/:packId", es: "/administracion/mi-farmacia/expedientes-de-evidencias/:packId" },
    ns: ["pharmacy", "evidence-pack"],
    noIndex: true,
  },
  {
    id: "pharmacy-invoice",
    file: "routes/pharmacy/invoice.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/factures/:invoiceId", es: "/administracion/mi-farmacia/facturas/:invoiceId" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  {
    id: "pharmacy-order",
    file: "routes/pharmacy/order.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/factures/commande/:orderId", es: "/administracion/mi-farmacia/facturas/pedido/:orderId" },
    ns: ["pharmacy"],
    noIndex: true,
  },
  // The back office (admin ns; area "admin": administrators only; issue 16, ADR 0060): index, catalogue, sessions and
  // audit log here; content, FAQ, login image, accounting, codes and users below. The menu lists the tools by the ids
  // of app/components/admin/admin-nav.tsx.
  { id: "admin", file: "routes/admin/admin-index.tsx", layout: "default", area: "admin", paths: { "*": "/admin" }, ns: ["admin"], noIndex: true },
  { id: "admin-catalog", file: "routes/admin/catalog.tsx", layout: "default", area: "admin", paths: { "*": "/admin/catalog" }, ns: ["admin"], noIndex: true },
  {
    id: "admin-catalog-new",
    file: "routes/admin/catalog-new.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/catalog/new" },
    ns: ["admin"],
    noIndex: true,
  },
  {
    id: "admin-catalog-training",
    file: "routes/admin/catalog-training.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/catalog/:trainingId" },
    ns: ["admin", "admin-tools", "evidence-pack"],
    noIndex: true,
  },
  {
    id: "admin-face-to-face",
    file: "routes/admin/face-to-face.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/faceToFace" },
    ns: ["admin"],
    noIndex: true,
  },
  {
    id: "admin-face-to-face-session",
    file: "routes/admin/face-to-face-session.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/faceToFace/:sessionId" },
    ns: ["admin", "evidence-pack"],
    noIndex: true,
  },
  {
    id: "admin-attendance-sheet",
    file: "routes/admin/attendance-sheet.ts",
    layout: "none",
    area: "admin",
    paths: { "*": "/admin/faceToFace/:sessionId/attendance/:date" },
    ns: ["admin"],
    noIndex: true,
  },
  // Audit evidence packs (issue 33, ADR 0127): built from a session's or a training's page, listed and followed here.
  {
    id: "admin-evidence-packs",
    file: "routes/admin/evidence-packs.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/evidence-packs" },
    ns: ["admin", "evidence-pack"],
    noIndex: true,
  },
  {
    id: "admin-evidence-pack",
    file: "routes/admin/evidence-pack.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/evidence-packs/:packId" },
    ns: ["admin", "evidence-pack"],
    noIndex: true,
  },
  { id: "admin-audit", file: "routes/admin/audit-log.tsx", layout: "default", area: "admin", paths: { "*": "/admin/audit" }, ns: ["admin"], noIndex: true },
  // Content pages and documents (app/routes/content; back API /back/api/content).
  { id: "trainings-overview", file: "routes/content/trainings.tsx", layout: "default", paths: { fr: "/formations", es: "/entrenamientos" }, ns: ["content"] },
  { id: "offer", file: "routes/content/offer.tsx", layout: "default", paths: { fr: "/offre", es: "/oferta" }, ns: ["content"] },
  { id: "welcome", file: "routes/content/welcome.tsx", layout: "default", paths: { fr: "/bienvenue", es: "/bienvenidos" }, ns: ["content"] },
  { id: "groupings", file: "routes/content/groupings.tsx", layout: "default", paths: { fr: "/groupements", es: "/grupos" }, ns: ["content"] },
  { id: "experts", file: "routes/content/experts.tsx", layout: "default", paths: { fr: "/experts", es: "/expertos" }, ns: ["content"] },
  { id: "expert", file: "routes/content/expert.tsx", layout: "default", paths: { "*": "/experts/:slug" }, ns: ["content", "catalogue"] },
  { id: "news", file: "routes/content/news.tsx", layout: "default", paths: { fr: "/actualites", es: "/noticias" }, ns: ["content"] },
  { id: "news-detail", file: "routes/content/news-detail.tsx", layout: "default", paths: { fr: "/actualites/:slug", es: "/noticias/:slug" }, ns: ["content"] },
  { id: "content-page", file: "routes/content/content-page.tsx", layout: "default", paths: { "*": "/pages/:pageSlug" }, ns: ["content"] },
  { id: "faq", file: "routes/content/faq.tsx", layout: "default", paths: { "*": "/faq" }, ns: ["content"] },
  {
    id: "funding-faq",
    file: "routes/content/funding-faq.tsx",
    layout: "default",
    paths: { es: "/bonificacion" },
    ns: ["content"],
    brands: ["es", "es-campus"],
  },
  { id: "docs", file: "routes/content/docs.tsx", layout: "default", paths: { "*": "/docs" }, ns: ["content"] },
  { id: "docs-file", file: "routes/content/docs-file.tsx", layout: "default", paths: { "*": "/docs/*" }, ns: ["content"], noIndex: true },
  { id: "contact", file: "routes/content/contact.tsx", layout: "default", paths: { fr: "/contact", es: "/contacto" }, ns: ["content"] },
  {
    id: "custom-survey",
    file: "routes/content/custom-survey.tsx",
    layout: "default",
    paths: { fr: "/formulaire/formulaire-sur-mesure", es: "/encuesta" },
    ns: ["content"],
  },
  // Back office, part B (issue 16): content editor, FAQ, login image, accounting and checks, discount codes, users.
  {
    id: "admin-editor",
    file: "routes/admin/editor.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/editor" },
    ns: ["admin", "admin-tools", "content"],
    noIndex: true,
  },
  {
    id: "admin-editor-create",
    file: "routes/admin/editor-create.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/editor/create-page" },
    ns: ["admin", "admin-tools"],
    noIndex: true,
  },
  {
    id: "admin-faq",
    file: "routes/admin/faq.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/faq" },
    ns: ["admin", "admin-tools"],
    noIndex: true,
  },
  {
    id: "admin-faq-section",
    file: "routes/admin/faq-section.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/faq/section/:id/:sectionType" },
    ns: ["admin", "admin-tools"],
    noIndex: true,
  },
  {
    id: "admin-faq-question",
    file: "routes/admin/faq-question.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/faq/question/:id/:questionId" },
    ns: ["admin", "admin-tools", "content"],
    noIndex: true,
  },
  {
    id: "admin-login-image",
    file: "routes/admin/login-image.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/loginImage" },
    ns: ["admin", "admin-tools"],
    noIndex: true,
  },
  {
    id: "admin-facture-compta",
    file: "routes/admin/facture-compta.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/factureCompta" },
    ns: ["admin", "admin-tools"],
    noIndex: true,
  },
  {
    id: "admin-facture-compta-export",
    file: "routes/admin/facture-compta-export.ts",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/factureCompta/export" },
    noIndex: true,
  },
  {
    id: "admin-invoices",
    file: "routes/admin/invoices.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/factureCompta/invoices" },
    ns: ["admin", "admin-tools"],
    noIndex: true,
  },
  {
    id: "admin-invoice-pdf",
    file: "routes/admin/invoice-pdf.ts",
    layout: "none",
    area: "admin",
    paths: { "*": "/admin/factureCompta/invoices/:invoiceId/pdf" },
    noIndex: true,
  },
  {
    id: "admin-discount-codes",
    file: "routes/admin/discount-codes.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/discountCodes" },
    ns: ["admin", "admin-tools"],
    noIndex: true,
  },
  {
    id: "admin-users",
    file: "routes/admin/users.tsx",
    layout: "default",
    area: "admin",
    paths: { "*": "/admin/users" },
    ns: ["admin", "admin-tools"],
    noIndex: true,
  },
  // Pharmacy management part B (pharma-b, ADR 0059): funding requests and collective plans (pharmacy-funding ns).
  {
    id: "pharmacy-funding-create",
    file: "routes/pharmacy/funding-request-create.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge/creer", es: "/administracion/mi-farmacia/bonificaciones/crear" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  {
    id: "pharmacy-funding-in-progress",
    file: "routes/pharmacy/funding-requests-state.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge/en-cours", es: "/administracion/mi-farmacia/bonificaciones/en-curso" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  {
    id: "pharmacy-funding-financing",
    file: "routes/pharmacy/funding-requests-state.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge/financement", es: "/administracion/mi-farmacia/bonificaciones/financiacion" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  {
    id: "pharmacy-funding-report",
    file: "routes/pharmacy/funding-requests-state.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge/rapport", es: "/administracion/mi-farmacia/bonificaciones/informe" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  {
    id: "pharmacy-funding-reimbursement",
    file: "routes/pharmacy/funding-requests-state.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge/remboursement", es: "/administracion/mi-farmacia/bonificaciones/reembolso" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  {
    id: "pharmacy-fundae-report",
    file: "routes/pharmacy/fundae-report.ts",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge/informe-fundae", es: "/administracion/mi-farmacia/bonificaciones/informe-fundae" },
    noIndex: true,
  },
  {
    id: "pharmacy-funding-request",
    file: "routes/pharmacy/funding-request.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge/:id", es: "/administracion/mi-farmacia/bonificaciones/:id" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
  {
    id: "pharmacy-funding-invoice",
    file: "routes/pharmacy/funding-invoice.ts",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/prises-en-charge/:id/facture/:payer", es: "/administracion/mi-farmacia/bonificaciones/:id/factura/:payer" },
    noIndex: true,
  },
  {
    id: "pharmacy-funding-redirect",
    file: "routes/pharmacy/funding-redirect.ts",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/dpec", es: "/administracion/mi-farmacia/bonificacion" },
    noIndex: true,
  },
  {
    id: "pharmacy-training-plan",
    file: "routes/pharmacy/training-plan.tsx",
    layout: "default",
    area: "pharmacy",
    paths: { fr: "/gestion/ma-pharmacie/plan-collectif/:planId", es: "/administracion/mi-farmacia/plan-colectivo/:planId" },
    ns: ["pharmacy", "pharmacy-funding"],
    noIndex: true,
  },
];

export function findPage(id: string): PageDef | undefined {
  return PAGES.find((page) => page.id === id);
}

/** Whether a brand has the page (country pages exist on their country's brands only). */
export function pageOnBrand(page: PageDef, brand: BrandKey): boolean {
  return !page.brands || page.brands.includes(brand);
}

/** The page id and language of a registered route id ("catalogue.es" -> catalogue, es). */
export function parseRouteId(routeId: string): { pageId: string; lang: PathLang | null } {
  const match = /^(.*)\.(fr|es)$/.exec(routeId);
  return match ? { pageId: match[1], lang: match[2] as PathLang } : { pageId: routeId, lang: null };
}

export type PathParams = Record<string, string | number | undefined>;

/**
 * The path of a page in a language, with params filled in. Returns null when the page
 * does not exist in that language (the caller then links elsewhere, e.g. home).
 */
export function pagePath(id: string, lang: PathLang, params: PathParams = {}): string | null {
  const page = findPage(id);
  if (!page) throw new Error(`Unknown page id: ${id}`);
  const pattern = page.paths["*"] ?? page.paths[lang];
  if (!pattern) return null;
  return (
    pattern
      .replace(/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
        const value = params[name];
        if (value === undefined || value === "") {
          if (optional) return "";
          throw new Error(`Missing param "${name}" for page ${id}`);
        }
        return encodeURIComponent(String(value));
      })
      .replace(/\/+$/, "") || "/"
  );
}

/**
 * The language a path belongs to when only one language has it (null for shared paths). A country page
 * of another brand does not count: that brand answers 404 in its own language.
 */
export function langOfPath(pathname: string, brand: BrandKey): PathLang | null {
  for (const page of PAGES) {
    if (page.paths["*"] || !pageOnBrand(page, brand)) continue;
    for (const lang of ["fr", "es"] as const) {
      const pattern = page.paths[lang];
      if (pattern && pathMatches(pattern, pathname)) return lang;
    }
  }
  return null;
}

/**
 * The same page in the visitor's language when `pathname` is a path of the other language (ADR 0110): the page's
 * path in `lang`, with its parameters; null when the path is already in `lang`, is shared, is no page, or when the
 * page has no path in `lang` or does not exist on the brand (the brand's 404 answers).
 */
export function ownLanguagePath(pathname: string, lang: PathLang, brand: BrandKey): string | null {
  const match = matchPage(pathname);
  if (!match || match.lang === null || match.lang === lang || !pageOnBrand(match.page, brand)) return null;
  if (!match.page.paths[lang]) return null;
  return pagePath(match.page.id, lang, match.params);
}

/** A page path split into its segments once: a trailing "*" (the router's splat) stands for one or more segments. */
type CompiledPattern = { segments: string[]; splat: boolean };

function compilePattern(pattern: string): CompiledPattern {
  const segments = pattern.split("/").filter(Boolean);
  return { segments, splat: segments[segments.length - 1] === "*" };
}

/** Every page path, static paths before parameterised ones (as in the router); made once, on first use. */
let matchOrder: { page: PageDef; lang: PathLang | "*"; compiled: CompiledPattern }[] | null = null;

export function matchPage(pathname: string): { page: PageDef; lang: PathLang | null; params: Record<string, string> } | null {
  matchOrder ??= PAGES.flatMap((page) =>
    (Object.entries(page.paths) as [PathLang | "*", string][]).map(([lang, pattern]) => ({ page, lang, compiled: compilePattern(pattern) })),
  ).sort((a, b) => dynamicSegments(a.compiled) - dynamicSegments(b.compiled));
  // Pages are matched on every request, several times: the visited path is split once, not once per pattern.
  const have = pathSegments(pathname);
  for (const { page, lang, compiled } of matchOrder) {
    const params = matchSegments(compiled, have);
    if (params) return { page, lang: lang === "*" ? null : lang, params };
  }
  return null;
}

/** How many ":param" or "*" segments a pattern has: fewer wins, as in the router (/experts/:slug before /:trainingType/:slug). */
function dynamicSegments({ segments }: CompiledPattern): number {
  return segments.filter((segment) => segment.startsWith(":") || segment === "*").length;
}

function pathMatches(pattern: string, pathname: string): boolean {
  return matchPattern(pattern, pathname) !== null;
}

function pathSegments(pathname: string): string[] {
  return pathname.replace(/\/+$/, "").split("/").filter(Boolean);
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  return matchSegments(compilePattern(pattern), pathSegments(pathname));
}

function matchSegments({ segments: want, splat }: CompiledPattern, have: string[]): Record<string, string> | null {
  if (splat ? have.length < want.length : want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (splat && i === want.length - 1) {
      params["*"] = have.slice(i).join("/");
    } else if (want[i].startsWith(":")) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(have[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== have[i]) return null;
  }
  return params;
}
