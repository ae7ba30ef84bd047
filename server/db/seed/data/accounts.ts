import type { Brand } from "./types.ts";

export type AdvisorDef = { slug: string; firstName: string; lastName: string; gender: "M" | "F"; email: string; phone: string };

export const ADVISORS: AdvisorDef[] = [
  { slug: "camille-laurent", firstName: "Camille", lastName: "Laurent", gender: "F", email: "camille.laurent@formapharm.test", phone: "04 78 00 12 34" },
  { slug: "antoine-bertrand", firstName: "Antoine", lastName: "Bertrand", gender: "M", email: "antoine.bertrand@formapharm.test", phone: "01 44 00 56 78" },
  { slug: "sarah-janssens", firstName: "Sarah", lastName: "Janssens", gender: "F", email: "sarah.janssens@formapharm.test", phone: "+32 2 500 12 34" },
  { slug: "laura-moreno", firstName: "Laura", lastName: "Moreno", gender: "F", email: "laura.moreno@formapharm.test", phone: "+34 910 00 12 34" },
  { slug: "diego-herrera", firstName: "Diego", lastName: "Herrera", gender: "M", email: "diego.herrera@formapharm.test", phone: "+34 930 00 56 78" },
];

export type ContractKind = "standard" | "readonly" | "expired";

export type PharmacyDef = {
  key: string;
  name: string;
  brand: Brand;
  country: "FR" | "BE" | "ES";
  address: string;
  postalCode: string;
  city: string;
  registrationNumber: string;
  /** Printed on its invoices (ADR 0102): required in Spain and for a Belgian company, optional in France. */
  taxId?: string;
  advisor: string;
  canAccessTrainingPlan: boolean;
  contract: ContractKind;
  productName: string;
};

export const PHARMACIES: PharmacyDef[] = [
  {
    key: "marche",
    name: "Pharmacie du Marché",
    brand: "fr",
    country: "FR",
    address: "12 place du Marché",
    postalCode: "69003",
    city: "Lyon",
    registrationNumber: "690012345",
    taxId: "FR11690012345",
    advisor: "camille-laurent",
    canAccessTrainingPlan: true,
    contract: "standard",
    productName: "Abonnement Équipe Premium",
  },
  {
    key: "parcours",
    name: "Pharmacie des Parcours",
    brand: "fr",
    country: "FR",
    address: "3 rue des Essais",
    postalCode: "69007",
    city: "Lyon",
    registrationNumber: "690054321",
    taxId: "FR33690054321",
    advisor: "camille-laurent",
    canAccessTrainingPlan: true,
    contract: "standard",
    productName: "Abonnement Équipe Premium",
  },
  {
    key: "recorrido",
    name: "Farmacia del Recorrido",
    brand: "es",
    country: "ES",
    address: "Calle de las Pruebas 5",
    postalCode: "28004",
    city: "Madrid",
    registrationNumber: "28-004321",
    taxId: "28004321G",
    advisor: "laura-moreno",
    canAccessTrainingPlan: false,
    contract: "standard",
    productName: "Suscripción Equipo",
  },
  {
    key: "halles",
    name: "Pharmacie des Halles",
    brand: "fr",
    country: "FR",
    address: "4 rue Rambuteau",
    postalCode: "75001",
    city: "Paris",
    registrationNumber: "750023456",
    advisor: "antoine-bertrand",
    canAccessTrainingPlan: true,
    contract: "standard",
    productName: "Abonnement Équipe",
  },
  {
    key: "vieux-port",
    name: "Pharmacie du Vieux-Port",
    brand: "fr",
    country: "FR",
    address: "27 quai du Port",
    postalCode: "13002",
    city: "Marseille",
    registrationNumber: "130034567",
    advisor: "antoine-bertrand",
    canAccessTrainingPlan: false,
    contract: "standard",
    productName: "Abonnement Essentiel",
  },
  {
    key: "gare",
    name: "Grande Pharmacie de la Gare",
    brand: "fr",
    country: "FR",
    address: "2 place des Buisses",
    postalCode: "59000",
    city: "Lille",
    registrationNumber: "590045678",
    advisor: "camille-laurent",
    canAccessTrainingPlan: false,
    contract: "readonly",
    productName: "Accès consultation",
  },
  {
    key: "tilleuls",
    name: "Pharmacie des Tilleuls",
    brand: "fr",
    country: "FR",
    address: "8 allée des Tilleuls",
    postalCode: "91000",
    city: "Évry-Courcouronnes",
    registrationNumber: "910056789",
    advisor: "antoine-bertrand",
    canAccessTrainingPlan: false,
    contract: "expired",
    productName: "Abonnement Essentiel",
  },
  {
    key: "saint-michel",
    name: "Pharmacie Saint-Michel",
    brand: "fr",
    country: "FR",
    address: "15 place Canteloup",
    postalCode: "33800",
    city: "Bordeaux",
    registrationNumber: "330067890",
    advisor: "camille-laurent",
    canAccessTrainingPlan: false,
    contract: "standard",
    productName: "Abonnement Essentiel",
  },
  {
    key: "sablon",
    name: "Pharmacie du Sablon",
    brand: "be",
    country: "BE",
    address: "21 rue de la Régence",
    postalCode: "1000",
    city: "Bruxelles",
    registrationNumber: "APB 512345",
    taxId: "BE0412345614",
    advisor: "sarah-janssens",
    canAccessTrainingPlan: true,
    contract: "standard",
    productName: "Abonnement Officine",
  },
  {
    key: "meuse",
    name: "Pharmacie de la Meuse",
    brand: "be",
    country: "BE",
    address: "54 quai de Rome",
    postalCode: "4000",
    city: "Liège",
    registrationNumber: "APB 523456",
    taxId: "BE0812345603",
    advisor: "sarah-janssens",
    canAccessTrainingPlan: false,
    contract: "standard",
    productName: "Abonnement Officine",
  },
  {
    key: "gran-via",
    name: "Farmacia Gran Vía",
    brand: "es",
    country: "ES",
    address: "Gran Vía 31",
    postalCode: "28013",
    city: "Madrid",
    registrationNumber: "M-1234",
    taxId: "28013031C",
    advisor: "laura-moreno",
    canAccessTrainingPlan: true,
    contract: "standard",
    productName: "Plan Equipo FUNDAE",
  },
  {
    key: "triana",
    name: "Farmacia Triana",
    brand: "es",
    country: "ES",
    address: "Calle Betis 40",
    postalCode: "41010",
    city: "Sevilla",
    registrationNumber: "SE-0456",
    taxId: "41010040M",
    advisor: "diego-herrera",
    canAccessTrainingPlan: false,
    contract: "standard",
    productName: "Plan Esencial",
  },
  {
    key: "sagrada-familia",
    name: "Farmacia Sagrada Familia",
    brand: "es",
    country: "ES",
    address: "Carrer de Mallorca 401",
    postalCode: "08013",
    city: "Barcelona",
    registrationNumber: "B-0789",
    taxId: "08013401V",
    advisor: "diego-herrera",
    canAccessTrainingPlan: false,
    contract: "standard",
    productName: "Plan Esencial",
  },
  {
    key: "carmen",
    name: "Farmacia del Carmen",
    brand: "es-campus",
    country: "ES",
    address: "Calle de la Bolsería 12",
    postalCode: "46001",
    city: "Valencia",
    registrationNumber: "V-0321",
    taxId: "46001012T",
    advisor: "diego-herrera",
    canAccessTrainingPlan: false,
    contract: "standard",
    productName: "Campus Equipo",
  },
];

export type UserDef = {
  email: string;
  firstName: string;
  lastName: string;
  gender: "M" | "F";
  profession: "pharmacist" | "preparer" | "assistant" | "student" | "other";
  brand: Brand;
  locale: "fr-FR" | "fr-BE" | "es-ES";
  advisor?: string;
  appId?: string;
  professionalNumber?: string;
  isAdmin?: boolean;
  mustGiveConsent?: boolean;
  isPartnerCareClient?: boolean;
  /** Pharmacy memberships; the first active one becomes currentAccountId unless noCurrentAccount. */
  memberships?: { pharmacy: string; role: "holder" | "referent" | "learner"; isActive?: boolean }[];
  noCurrentAccount?: boolean;
  /** Personal contract (shop users). */
  personalContract?: "shop";
  /** A shop user's billing details (ADR 0102); the country is the brand's. */
  billing?: { companyName?: string; address: string; postalCode: string; city: string; taxId?: string };
  phone?: string;
  mobilePhone?: string;
  birthDate?: string;
};

/** The documented demo accounts (password demo1234), in the order shown in the README. */
export const DEMO_USERS: (UserDef & { description: string })[] = [
  {
    email: "learner@demo.test",
    description:
      "French pharmacist learner at Pharmacie du Marché (Lyon), valid contract, appId set (points access), history, notifications, bookmarks, enrolments",
    firstName: "Julie",
    lastName: "Morel",
    gender: "F",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    advisor: "camille-laurent",
    appId: "FP-100123",
    professionalNumber: "10101234567",
    isPartnerCareClient: true,
    memberships: [{ pharmacy: "marche", role: "learner" }],
    mobilePhone: "06 12 34 56 78",
    birthDate: "1988-04-12",
  },
  {
    email: "holder@demo.test",
    description: "French pharmacy holder (role holder, so referent) of Pharmacie du Marché: 6 learners, training-plan access",
    firstName: "Nicolas",
    lastName: "Fabre",
    gender: "M",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    advisor: "camille-laurent",
    appId: "FP-100124",
    professionalNumber: "10101234568",
    memberships: [{ pharmacy: "marche", role: "holder" }],
    phone: "04 78 60 12 12",
  },
  {
    email: "referent.be@demo.test",
    description: "Belgian referent of Pharmacie du Sablon (Bruxelles), fr-BE",
    firstName: "Sophie",
    lastName: "Lemaire",
    gender: "F",
    profession: "pharmacist",
    brand: "be",
    locale: "fr-BE",
    advisor: "sarah-janssens",
    appId: "BE-200310",
    memberships: [{ pharmacy: "sablon", role: "referent" }],
  },
  {
    email: "learner.es@demo.test",
    description: "Spanish pharmacist learner at Farmacia Gran Vía (Madrid), es-ES",
    firstName: "María",
    lastName: "López",
    gender: "F",
    profession: "pharmacist",
    brand: "es",
    locale: "es-ES",
    advisor: "laura-moreno",
    appId: "ES-300501",
    memberships: [{ pharmacy: "gran-via", role: "learner" }],
  },
  {
    email: "referent.es@demo.test",
    description: "Spanish referent of Farmacia Gran Vía (FUNDAE funding requests), es-ES",
    firstName: "Andrés",
    lastName: "Molina",
    gender: "M",
    profession: "pharmacist",
    brand: "es",
    locale: "es-ES",
    advisor: "laura-moreno",
    memberships: [{ pharmacy: "gran-via", role: "referent" }],
  },
  {
    email: "shop@demo.test",
    description: "Shop-context user: personal contract of type shop, no pharmacy",
    firstName: "Marie",
    lastName: "Petit",
    gender: "F",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    advisor: "antoine-bertrand",
    personalContract: "shop",
    billing: { address: "8 rue des Lilas", postalCode: "69006", city: "Lyon" },
  },
  {
    email: "readonly@demo.test",
    description: "Read-only user: learner at Grande Pharmacie de la Gare, whose contract type is readonly",
    firstName: "Paul",
    lastName: "Renaud",
    gender: "M",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    advisor: "camille-laurent",
    memberships: [{ pharmacy: "gare", role: "learner" }],
  },
  {
    email: "expired@demo.test",
    description: "Learner at Pharmacie des Tilleuls, whose contract ended 30 days before the seed date",
    firstName: "Élodie",
    lastName: "Caron",
    gender: "F",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    advisor: "antoine-bertrand",
    memberships: [{ pharmacy: "tilleuls", role: "learner" }],
  },
  {
    email: "multi@demo.test",
    description: "Member of two pharmacies (referent at Pharmacie des Halles, learner at Pharmacie du Vieux-Port), no current account: must choose",
    firstName: "Hugo",
    lastName: "Blanc",
    gender: "M",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    advisor: "antoine-bertrand",
    memberships: [
      { pharmacy: "halles", role: "referent" },
      { pharmacy: "vieux-port", role: "learner" },
    ],
    noCurrentAccount: true,
  },
  {
    email: "noaccount@demo.test",
    description: "User without establishment: no membership and no contract",
    firstName: "Inès",
    lastName: "Faure",
    gender: "F",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
  },
  {
    email: "consent@demo.test",
    description: "Learner at Pharmacie Saint-Michel with mustGiveConsent true (consent dialog)",
    firstName: "Chloé",
    lastName: "Gauthier",
    gender: "F",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    advisor: "camille-laurent",
    mustGiveConsent: true,
    memberships: [{ pharmacy: "saint-michel", role: "learner" }],
  },
  {
    email: "nonpharmacist@demo.test",
    description: "Non-pharmacist staff member (profession preparer), learner at Pharmacie du Marché",
    firstName: "Kevin",
    lastName: "Robin",
    gender: "M",
    profession: "preparer",
    brand: "fr",
    locale: "fr-FR",
    advisor: "camille-laurent",
    appId: "FP-100125",
    memberships: [{ pharmacy: "marche", role: "learner" }],
  },
  {
    email: "admin@demo.test",
    description: "Administrator (isAdmin true), learner at Pharmacie des Halles",
    firstName: "Sandrine",
    lastName: "Vidal",
    gender: "F",
    profession: "other",
    brand: "fr",
    locale: "fr-FR",
    isAdmin: true,
    memberships: [{ pharmacy: "halles", role: "learner" }],
  },
];

/** Other members of the demo pharmacies (same password), to fill teams and dashboards. */
export const TEAM_USERS: UserDef[] = [
  {
    email: "lea.bernard@demo.test",
    firstName: "Léa",
    lastName: "Bernard",
    gender: "F",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    memberships: [{ pharmacy: "marche", role: "learner" }],
  },
  {
    email: "maxime.durand@demo.test",
    firstName: "Maxime",
    lastName: "Durand",
    gender: "M",
    profession: "preparer",
    brand: "fr",
    locale: "fr-FR",
    memberships: [{ pharmacy: "marche", role: "learner" }],
  },
  {
    email: "emma.leroy@demo.test",
    firstName: "Emma",
    lastName: "Leroy",
    gender: "F",
    profession: "preparer",
    brand: "fr",
    locale: "fr-FR",
    memberships: [{ pharmacy: "marche", role: "learner" }],
  },
  {
    email: "lucas.bonnet@demo.test",
    firstName: "Lucas",
    lastName: "Bonnet",
    gender: "M",
    profession: "student",
    brand: "fr",
    locale: "fr-FR",
    memberships: [{ pharmacy: "marche", role: "learner" }],
  },
  {
    email: "francois.marchand@demo.test",
    firstName: "François",
    lastName: "Marchand",
    gender: "M",
    profession: "pharmacist",
    brand: "fr",
    locale: "fr-FR",
    memberships: [{ pharmacy: "halles", role: "holder" }],
  },
  {
    email: "camille.andre@demo.test",
    firstName: "Camille",
    lastName: "André",
    gender: "F",
    profession: "preparer",
    brand: "fr",
    locale: "fr-FR",
    memberships: [
      { pharmacy: "halles", role: "learner" },
      { pharmacy: "vieux-port", role: "learner", isActive: false },
    ],
  },
  {
    email: "thomas.claes@demo.test",
    firstName: "Thomas",
    lastName: "Claes",
    gender: "M",
    profession: "pharmacist",
    brand: "be",
    locale: "fr-BE",
    memberships: [{ pharmacy: "sablon", role: "learner" }],
  },
  {
    email: "julie.wouters@demo.test",
    firstName: "Julie",
    lastName: "Wouters",
    gender: "F",
    profession: "assistant",
    brand: "be",
    locale: "fr-BE",
    memberships: [{ pharmacy: "sablon", role: "learner" }],
  },
  {
    email: "marc.dupont@demo.test",
    firstName: "Marc",
    lastName: "Dupont",
    gender: "M",
    profession: "pharmacist",
    brand: "be",
    locale: "fr-BE",
    memberships: [{ pharmacy: "meuse", role: "holder" }],
  },
  {
    email: "carlos.ruiz@demo.test",
    firstName: "Carlos",
    lastName: "Ruiz",
    gender: "M",
    profession: "preparer",
    brand: "es",
    locale: "es-ES",
    memberships: [{ pharmacy: "gran-via", role: "learner" }],
  },
  {
    email: "ana.torres@demo.test",
    firstName: "Ana",
    lastName: "Torres",
    gender: "F",
    profession: "pharmacist",
    brand: "es",
    locale: "es-ES",
    memberships: [{ pharmacy: "triana", role: "holder" }],
  },
  {
    email: "pilar.vidal@demo.test",
    firstName: "Pilar",
    lastName: "Vidal",
    gender: "F",
    profession: "assistant",
    brand: "es-campus",
    locale: "es-ES",
    memberships: [{ pharmacy: "carmen", role: "learner" }],
  },
  ...journeyUsers(),
];

/**
 * Learners kept fresh for the browser journeys: each journey (booking, learning) has one learner per
 * Playwright project (js, nojs) and language, so parallel runs never share state. Same password.
 */
function journeyUsers(): UserDef[] {
  const users: UserDef[] = [];
  for (const project of ["js", "nojs"]) {
    for (const journey of ["booking", "learning", "records"]) {
      users.push({
        email: `${journey}.${project}.fr@demo.test`,
        firstName: "Inès",
        lastName: `Parcours ${journey} ${project}`,
        gender: "F",
        profession: "pharmacist",
        brand: "fr",
        locale: "fr-FR",
        appId: `FP-${journey}-${project}`,
        professionalNumber: "10109876543",
        memberships: [{ pharmacy: "parcours", role: "learner" }],
      });
      users.push({
        email: `${journey}.${project}.es@demo.test`,
        firstName: "Lucía",
        lastName: `Recorrido ${journey} ${project}`,
        gender: "F",
        profession: "pharmacist",
        brand: "es",
        locale: "es-ES",
        appId: `ES-${journey}-${project}`,
        memberships: [{ pharmacy: "recorrido", role: "learner" }],
      });
    }
    // The shop journeys (ADR 0036): shop customers (personal contract of type shop, no pharmacy), one per scenario.
    // The "buy" customers have no billing details yet: their journey gives them in the cart (ADR 0102).
    for (const scenario of ["buy", "refused", "cheque", "free", "live", "admin", "admincheck", "credit", "console", "consoleguest"]) {
      users.push({
        email: `shop.${scenario}.${project}.fr@demo.test`,
        firstName: "Inès",
        lastName: `Boutique ${scenario} ${project}`,
        gender: "F",
        profession: "pharmacist",
        brand: "fr",
        locale: "fr-FR",
        personalContract: "shop",
        billing: scenario === "buy" ? undefined : { address: "5 rue de la Boutique", postalCode: "69003", city: "Lyon" },
      });
      users.push({
        email: `shop.${scenario}.${project}.es@demo.test`,
        firstName: "Lucía",
        lastName: `Tienda ${scenario} ${project}`,
        gender: "F",
        profession: "pharmacist",
        brand: "es",
        locale: "es-ES",
        personalContract: "shop",
        billing: scenario === "buy" ? undefined : { address: "Calle de la Tienda 3", postalCode: "28004", city: "Madrid", taxId: "12345678Z" },
      });
    }
  }
  return users;
}
