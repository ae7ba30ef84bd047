/**
 * Compliance tracker demo data (issue 33, ADR 0125): what the demo trainings count for, the registration days, and
 * declared actions that put professionals at every stage of their obligations. Dates follow the seed's "today":
 * - France, Pharmacie du Marché (holder@demo.test reviews): lea.bernard@demo.test has met the DPC rule for the
 *   period that ended and the current one, certification périodique in progress; holder@demo.test met the last
 *   period and is in progress; learner@demo.test did nothing in the last period (late); maxime.durand@,
 *   emma.leroy@ and nonpharmacist@demo.test wait for confirmation of an action they declared; lucas.bonnet@ is a
 *   student (no obligation).
 * - Belgium, Pharmacie du Sablon: thomas.claes@demo.test has his CF; referent.be@demo.test met the last window and is
 *   short in the current one (at risk near the year's end); julie.wouters@ is an assistant (no obligation);
 *   marc.dupont@demo.test (Pharmacie de la Meuse) has no credit at all (late).
 * - Spain, Farmacia Gran Vía: learner.es@demo.test has RCF credits on the way to the year's aim; carlos.ruiz@ waits
 *   for confirmation of an action.
 * A seeded proof is a path the platform fills with a small PDF at start-up (`storeDemoProofs`): the seed has no
 * file store.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import type { FileStore } from "../../storage/file-store.ts";
import { dpcPeriod } from "#core/domain/compliance.ts";
import * as t from "../schema/index.ts";
import type { Clock, SeedDb } from "./util.ts";

type Attributes = {
  dpcActionTypes?: string[];
  priorityOrientation?: boolean;
  certificationAxes?: number[];
  belgianCategory?: "pharmaceutical_sciences" | "pharmaceutical_care" | "health_society";
  rcfCredits?: number;
};

const TRAINING_ATTRIBUTES: Record<string, Attributes> = {
  "fr/iatrogenie-classe-virtuelle": { dpcActionTypes: ["risk_management"], priorityOrientation: true, certificationAxes: [2] },
  "fr/entretiens-anticoagulants": { dpcActionTypes: ["practice_analysis"], priorityOrientation: true, certificationAxes: [2, 3] },
  "fr/bilan-partage-medication": { dpcActionTypes: ["training", "practice_analysis"], certificationAxes: [1, 2] },
  "fr/vaccination-officine": { dpcActionTypes: ["training"], priorityOrientation: true, certificationAxes: [1] },
  "fr/depistage-cancer-colorectal": { dpcActionTypes: ["training"], priorityOrientation: true, certificationAxes: [1] },
  "fr/asthme-bpco": { dpcActionTypes: ["training"], certificationAxes: [1, 3] },
  "fr/sevrage-tabagique": { dpcActionTypes: ["training"], certificationAxes: [1, 3] },
  "fr/management-equipe-officinale": { certificationAxes: [4] },
  "be/vaccination-grippe-pharmacie": { belgianCategory: "pharmaceutical_sciences" },
  "be/douleur-chronique-opioides": { belgianCategory: "pharmaceutical_sciences" },
  "be/formation-continue-obligatoire": { belgianCategory: "pharmaceutical_sciences" },
  "be/entretien-bum-asthme": { belgianCategory: "pharmaceutical_care" },
  "be/diabete-education-classe-virtuelle": { belgianCategory: "pharmaceutical_care" },
  "be/deontologie-secret-podcast": { belgianCategory: "health_society" },
  "es/atencion-farmaceutica-polimedicados": { rcfCredits: 2.5 },
  "es/manejo-dolor-mixto": { rcfCredits: 1.8 },
  "es/aula-virtual-diabetes": { rcfCredits: 1.2 },
  "es/guia-spd": { rcfCredits: 0.9 },
};

const REGISTERED_ON: Record<string, string> = {
  "lea.bernard@demo.test": "2012-09-01",
  "holder@demo.test": "2004-06-15",
  "learner@demo.test": "2013-10-01",
};

/** The start of a seeded proof's path: `storeDemoProofs` replaces it with a stored file. */
export const DEMO_PROOF_PREFIX = "/private/declared-actions/demo-proof-";

type Declared = {
  email: string;
  title: string;
  organisation: string;
  startDate: string;
  endDate: string;
  hours: number;
  state: "declared" | "confirmed";
  reviewer?: string;
  elearning?: boolean;
} & Attributes;

const DAY = 86_400_000;
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** A day `days` after `start`, but never after today: an action is declared once followed. */
const within = (start: string, days: number, today: string) => {
  const day = plus(start, days);
  return day > today ? today : day;
};

function declaredActions(clock: Clock): Declared[] {
  const today = clock.day(0);
  const current = dpcPeriod(today);
  const previous = dpcPeriod(plus(current.start, -1));
  const year = Number(today.slice(0, 4));
  /** A French action ended `days` after `start`; confirmed by `reviewer` ("seeded": confirmed before the platform knew of it), else awaiting. */
  const fr = (
    email: string,
    reviewer: string | undefined,
    start: string,
    days: number,
    rest: Omit<Declared, "email" | "startDate" | "endDate" | "state">,
  ): Declared => {
    const endDate = within(start, days, today);
    return { email, reviewer, state: reviewer ? "confirmed" : "declared", startDate: plus(endDate, -1), endDate, ...rest };
  };
  const be = (email: string, y: number, title: string): Declared => ({
    email,
    title,
    organisation: "APB Formation continue",
    startDate: within(`${y}-03-10`, 0, today),
    endDate: within(`${y}-03-12`, 0, today),
    hours: 18,
    state: "confirmed",
    belgianCategory: "pharmaceutical_sciences",
  });
  return [
    // France: Léa met the period that ended and the current one; the holder met the last one.
    fr("lea.bernard@demo.test", "holder@demo.test", previous.start, 120, {
      title: "Prise en charge de la douleur",
      organisation: "Faculté de pharmacie de Lyon",
      hours: 7,
      dpcActionTypes: ["training"],
      priorityOrientation: true,
      certificationAxes: [1],
    }),
    fr("lea.bernard@demo.test", "holder@demo.test", previous.start, 500, {
      title: "Audit des délivrances d'opioïdes",
      organisation: "URPS Pharmaciens",
      hours: 6,
      dpcActionTypes: ["practice_analysis"],
      certificationAxes: [2],
    }),
    fr("lea.bernard@demo.test", "holder@demo.test", current.start, 40, {
      title: "Erreurs médicamenteuses : analyse d'événements",
      organisation: "OMEDIT",
      hours: 7,
      dpcActionTypes: ["risk_management"],
      priorityOrientation: true,
      certificationAxes: [2],
    }),
    fr("lea.bernard@demo.test", "holder@demo.test", current.start, 90, {
      title: "Mise à jour vaccinale",
      organisation: "Faculté de pharmacie de Lyon",
      hours: 4,
      dpcActionTypes: ["training"],
      certificationAxes: [1, 3],
    }),
    fr("holder@demo.test", "seeded", previous.start, 300, {
      title: "Entretiens pharmaceutiques AVK",
      organisation: "URPS Pharmaciens",
      hours: 7,
      dpcActionTypes: ["training"],
      priorityOrientation: true,
      certificationAxes: [1],
    }),
    fr("holder@demo.test", "seeded", previous.start, 700, {
      title: "Revue des pratiques de dispensation",
      organisation: "URPS Pharmaciens",
      hours: 5,
      dpcActionTypes: ["practice_analysis"],
      certificationAxes: [2],
    }),
    fr("holder@demo.test", "seeded", current.start, 30, {
      title: "Management et prévention de l'épuisement",
      organisation: "CNP Pharmacie",
      hours: 3,
      dpcActionTypes: ["training"],
      certificationAxes: [4],
    }),
    // France: waiting for the holder's confirmation.
    fr("maxime.durand@demo.test", undefined, current.start, 200, {
      title: "Analyse des erreurs de délivrance",
      organisation: "Centre de formation des préparateurs",
      hours: 6,
      dpcActionTypes: ["practice_analysis"],
    }),
    fr("emma.leroy@demo.test", undefined, current.start, 210, {
      title: "Chaîne du froid et vaccins",
      organisation: "OMEDIT",
      hours: 3.5,
      elearning: true,
      dpcActionTypes: ["risk_management"],
    }),
    fr("nonpharmacist@demo.test", undefined, current.start, 220, {
      title: "Conseil en contention veineuse",
      organisation: "Laboratoire partenaire",
      hours: 4,
      dpcActionTypes: ["training"],
      priorityOrientation: true,
    }),
    // Belgium: Thomas has his CF over both windows; the referent only over the one that ended.
    be("thomas.claes@demo.test", year - 3, "Pharmacothérapie cardiovasculaire"),
    be("thomas.claes@demo.test", year - 2, "Antibiothérapie en ambulatoire"),
    be("thomas.claes@demo.test", year - 1, "Soins pharmaceutiques en diabétologie"),
    be("thomas.claes@demo.test", year, "Interactions médicamenteuses"),
    be("referent.be@demo.test", year - 3, "Pharmacologie de la douleur"),
    be("referent.be@demo.test", year - 2, "Suivi des patients asthmatiques"),
    // Spain: RCF credits on the way; an action waiting for confirmation.
    {
      email: "learner.es@demo.test",
      title: "Atención farmacéutica en el paciente crónico",
      organisation: "Colegio Oficial de Farmacéuticos de Madrid",
      startDate: within(`${year}-01-20`, 0, today),
      endDate: within(`${year}-01-22`, 0, today),
      hours: 12,
      state: "confirmed",
      reviewer: "referent.es@demo.test",
      rcfCredits: 4.5,
    },
    {
      email: "carlos.ruiz@demo.test",
      title: "Formulación magistral",
      organisation: "Colegio Oficial de Farmacéuticos de Madrid",
      startDate: within(`${year}-02-10`, 0, today),
      endDate: within(`${year}-02-11`, 0, today),
      hours: 8,
      state: "declared",
      rcfCredits: 1.5,
    },
  ];
}

export async function seedCompliance(db: SeedDb, clock: Clock): Promise<void> {
  for (const [key, attributes] of Object.entries(TRAINING_ATTRIBUTES)) {
    const [brand, slug] = key.split("/");
    await db
      .update(t.trainings)
      .set({
        dpcActionTypes: attributes.dpcActionTypes ?? [],
        priorityOrientation: attributes.priorityOrientation ?? false,
        certificationAxes: attributes.certificationAxes ?? [],
        belgianCategory: attributes.belgianCategory ?? null,
        rcfCredits: attributes.rcfCredits ?? null,
      })
      .where(and(eq(t.trainings.brand, brand), eq(t.trainings.slug, slug)));
  }
  const actions = declaredActions(clock);
  const emails = [...new Set([...Object.keys(REGISTERED_ON), ...actions.flatMap((a) => [a.email, a.reviewer ?? a.email])])];
  const users = await db.select({ id: t.users.id, email: t.users.email }).from(t.users).where(inArray(t.users.email, emails));
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  for (const [email, registeredOn] of Object.entries(REGISTERED_ON)) {
    const id = idOf.get(email);
    if (id) await db.update(t.users).set({ registeredOn }).where(eq(t.users.id, id));
  }
  const rows = actions
    .filter((a) => idOf.has(a.email))
    .map((a, index) => ({
      userId: idOf.get(a.email)!,
      title: a.title,
      organisation: a.organisation,
      startDate: a.startDate,
      endDate: a.endDate,
      hours: a.hours,
      elearning: a.elearning ?? false,
      dpcActionTypes: a.dpcActionTypes ?? [],
      priorityOrientation: a.priorityOrientation ?? false,
      certificationAxes: a.certificationAxes ?? [],
      belgianCategory: a.belgianCategory ?? null,
      rcfCredits: a.rcfCredits ?? null,
      proofPath: `${DEMO_PROOF_PREFIX}${index + 1}.pdf`,
      proofName: `attestation-${index + 1}.pdf`,
      state: a.state,
      reviewedBy: a.state === "confirmed" && a.reviewer ? (idOf.get(a.reviewer) ?? null) : null,
      reviewedAt: a.state === "confirmed" ? clock.at(-3) : null,
      createdAt: clock.at(-10 + (index % 7)),
    }));
  if (rows.length) await db.insert(t.declaredActions).values(rows);
}

/** A one-page PDF, enough for a proof to open. */
const DEMO_PROOF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/**
 * Stores the seeded declared actions' proofs in the file store (which the seed does not have) and points the rows at
 * them: once, as a stored path no longer has the demo prefix.
 */
export async function storeDemoProofs(db: SeedDb, files: FileStore): Promise<void> {
  const rows = await db
    .select({ id: t.declaredActions.id, userId: t.declaredActions.userId })
    .from(t.declaredActions)
    .where(like(t.declaredActions.proofPath, `${DEMO_PROOF_PREFIX}%`));
  for (const row of rows) {
    const proofPath = await files.put({ area: "private", folder: "declared-actions", extension: "pdf", bytes: DEMO_PROOF, ownerId: row.userId });
    await db.update(t.declaredActions).set({ proofPath }).where(eq(t.declaredActions.id, row.id));
  }
}
