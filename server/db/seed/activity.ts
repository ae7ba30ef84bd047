import { eq } from "drizzle-orm";
import * as t from "../schema/index.ts";
import type { CatalogueIds } from "./catalogue.ts";
import type { AccountIds } from "./people-and-content.ts";
import type { Clock, SeedDb } from "./util.ts";

type Status = "pending" | "waiting_list" | "in_progress" | "finished" | "cancelled";

type EnrolmentDef = {
  email: string;
  training: string;
  status: Status;
  /** Index of the session in the training's session list, or "full" for its first full session. */
  session?: number | "full";
  waitingListPosition?: number;
  progress?: number;
  startedDaysAgo?: number;
  finishedDaysAgo?: number;
  funding?: string;
  dpc?: boolean;
};

const ENROLMENTS: EnrolmentDef[] = [
  // learner@demo.test
  {
    email: "learner@demo.test",
    training: "fr/entretiens-anticoagulants",
    status: "in_progress",
    progress: 45,
    startedDaysAgo: 10,
    funding: "DPC",
    dpc: true,
  },
  {
    email: "learner@demo.test",
    training: "fr/routine-dermocosmetique",
    status: "in_progress",
    progress: 80,
    startedDaysAgo: 21,
    funding: "OPCO",
  },
  { email: "learner@demo.test", training: "fr/trod-angine-cystite", status: "pending", session: 0, funding: "DPC", dpc: true },
  { email: "learner@demo.test", training: "fr/interactions-cas-pratiques", status: "pending", session: 1 },
  { email: "learner@demo.test", training: "fr/afgsu-niveau-2", status: "waiting_list", session: "full", waitingListPosition: 2 },
  {
    email: "learner@demo.test",
    training: "fr/asthme-bpco",
    status: "finished",
    progress: 100,
    startedDaysAgo: 35,
    finishedDaysAgo: 20,
    funding: "DPC",
    dpc: true,
  },
  {
    email: "learner@demo.test",
    training: "fr/sevrage-tabagique",
    status: "finished",
    progress: 100,
    startedDaysAgo: 70,
    finishedDaysAgo: 60,
    funding: "free",
  },
  {
    email: "learner@demo.test",
    training: "fr/quiz-interactions",
    status: "finished",
    progress: 100,
    startedDaysAgo: 8,
    finishedDaysAgo: 8,
    funding: "free",
  },
  // the rest of Pharmacie du Marché
  {
    email: "holder@demo.test",
    training: "fr/management-equipe-officinale",
    status: "in_progress",
    progress: 30,
    startedDaysAgo: 6,
    funding: "FIFPL",
  },
  {
    email: "holder@demo.test",
    training: "fr/vaccination-officine",
    status: "finished",
    progress: 100,
    startedDaysAgo: 150,
    finishedDaysAgo: 120,
    funding: "DPC",
    dpc: true,
  },
  {
    email: "nonpharmacist@demo.test",
    training: "fr/preparateur-delivrance",
    status: "in_progress",
    progress: 60,
    startedDaysAgo: 12,
    funding: "OPCO",
  },
  { email: "nonpharmacist@demo.test", training: "fr/contention-veineuse", status: "pending", session: 0, funding: "OPCO" },
  { email: "lea.bernard@demo.test", training: "fr/vaccination-officine", status: "pending", session: 1, funding: "DPC", dpc: true },
  {
    email: "lea.bernard@demo.test",
    training: "fr/bilan-partage-medication",
    status: "finished",
    progress: 100,
    startedDaysAgo: 90,
    finishedDaysAgo: 75,
    funding: "DPC",
    dpc: true,
  },
  {
    email: "maxime.durand@demo.test",
    training: "fr/gestion-stocks",
    status: "in_progress",
    progress: 15,
    startedDaysAgo: 3,
    funding: "OPCO",
  },
  {
    email: "emma.leroy@demo.test",
    training: "fr/routine-dermocosmetique",
    status: "finished",
    progress: 100,
    startedDaysAgo: 50,
    finishedDaysAgo: 41,
    funding: "OPCO",
  },
  {
    email: "lucas.bonnet@demo.test",
    training: "fr/sevrage-tabagique",
    status: "in_progress",
    progress: 50,
    startedDaysAgo: 4,
    funding: "free",
  },
  // other brands
  {
    email: "referent.be@demo.test",
    training: "be/pharmacien-de-reference",
    status: "finished",
    progress: 100,
    startedDaysAgo: 40,
    finishedDaysAgo: 32,
  },
  { email: "thomas.claes@demo.test", training: "be/vaccination-grippe-pharmacie", status: "pending", session: 0 },
  { email: "julie.wouters@demo.test", training: "be/entretien-bum-asthme", status: "in_progress", progress: 35, startedDaysAgo: 9 },
  {
    email: "learner.es@demo.test",
    training: "es/atencion-farmaceutica-polimedicados",
    status: "in_progress",
    progress: 55,
    startedDaysAgo: 14,
    funding: "FUNDAE",
  },
  { email: "learner.es@demo.test", training: "es/primeros-auxilios-dea", status: "pending", session: 0, funding: "FUNDAE" },
  {
    email: "learner.es@demo.test",
    training: "es/dermofarmacia-consejo",
    status: "finished",
    progress: 100,
    startedDaysAgo: 80,
    finishedDaysAgo: 52,
    funding: "BONIFICABLE",
  },
  {
    email: "carlos.ruiz@demo.test",
    training: "es/atencion-cliente-ventas",
    status: "in_progress",
    progress: 20,
    startedDaysAgo: 5,
    funding: "FUNDAE",
  },
  {
    email: "pilar.vidal@demo.test",
    training: "es-campus/proteccion-datos-farmacia",
    status: "in_progress",
    progress: 70,
    startedDaysAgo: 11,
    funding: "FUNDAE",
  },
  { email: "shop@demo.test", training: "fr/phytotherapie-hiver", status: "in_progress", progress: 10, startedDaysAgo: 2 },
];

type HistoryDef = {
  email: string;
  training: string;
  startDaysAgo: number;
  endDaysAgo: number | null;
  initial: number | null;
  final: number | null;
  points: number | null;
};

const HISTORY: HistoryDef[] = [
  { email: "learner@demo.test", training: "fr/asthme-bpco", startDaysAgo: 35, endDaysAgo: 20, initial: 50, final: 85.5, points: 40 },
  {
    email: "learner@demo.test",
    training: "fr/sevrage-tabagique",
    startDaysAgo: 70,
    endDaysAgo: 60,
    initial: 45.5,
    final: 90,
    points: null,
  },
  { email: "learner@demo.test", training: "fr/quiz-interactions", startDaysAgo: 8, endDaysAgo: 8, initial: null, final: 80, points: null },
  {
    email: "learner@demo.test",
    training: "fr/bilan-partage-medication",
    startDaysAgo: 400,
    endDaysAgo: 380,
    initial: 60,
    final: 95,
    points: 50,
  },
  {
    email: "learner@demo.test",
    training: "fr/douleur-antalgiques",
    startDaysAgo: 220,
    endDaysAgo: 214,
    initial: 62.5,
    final: 87.5,
    points: null,
  },
  {
    email: "learner@demo.test",
    training: "fr/urgences-au-comptoir",
    startDaysAgo: 130,
    endDaysAgo: 130,
    initial: null,
    final: null,
    points: 30,
  },
  {
    email: "learner@demo.test",
    training: "fr/entretiens-anticoagulants",
    startDaysAgo: 10,
    endDaysAgo: null,
    initial: 66.67,
    final: null,
    points: null,
  },
  {
    email: "holder@demo.test",
    training: "fr/vaccination-officine",
    startDaysAgo: 150,
    endDaysAgo: 120,
    initial: 55,
    final: 92,
    points: 80,
  },
  {
    email: "lea.bernard@demo.test",
    training: "fr/bilan-partage-medication",
    startDaysAgo: 90,
    endDaysAgo: 75,
    initial: 48,
    final: 81,
    points: null,
  },
  {
    email: "emma.leroy@demo.test",
    training: "fr/routine-dermocosmetique",
    startDaysAgo: 50,
    endDaysAgo: 41,
    initial: 33.33,
    final: 100,
    points: null,
  },
  {
    email: "referent.be@demo.test",
    training: "be/pharmacien-de-reference",
    startDaysAgo: 40,
    endDaysAgo: 32,
    initial: 50,
    final: 100,
    points: null,
  },
  {
    email: "learner.es@demo.test",
    training: "es/dermofarmacia-consejo",
    startDaysAgo: 80,
    endDaysAgo: 52,
    initial: 50,
    final: 100,
    points: null,
  },
];

type NotificationDef = { email: string; title: string; body: string; link: string | null; daysAgo: number; read: boolean };

const NOTIFICATIONS: NotificationDef[] = [
  {
    email: "learner@demo.test",
    title: "Inscription confirmée",
    body: "Votre inscription à la session de Paris du programme « TROD angine et cystite » est confirmée.",
    link: "/dpc/trod-angine-cystite",
    daysAgo: 1,
    read: false,
  },
  {
    email: "learner@demo.test",
    title: "Nouvelle formation disponible",
    body: "« Phytothérapie : les plantes des maux de l'hiver » vient d'arriver dans le catalogue.",
    link: "/formation/phytotherapie-hiver",
    daysAgo: 2,
    read: false,
  },
  {
    email: "learner@demo.test",
    title: "Liste d'attente",
    body: "La session AFGSU niveau 2 de Lyon est complète : vous êtes en 2e position sur la liste d'attente.",
    link: "/faceToFaceOnly/afgsu-niveau-2",
    daysAgo: 4,
    read: false,
  },
  {
    email: "learner@demo.test",
    title: "Attestation disponible",
    body: "Votre attestation pour « Asthme et BPCO » est disponible dans votre profil.",
    link: "/compte/profil/attestation",
    daysAgo: 20,
    read: true,
  },
  {
    email: "learner@demo.test",
    title: "Rappel : classe virtuelle",
    body: "N'oubliez pas de tester votre connexion avant la classe virtuelle « Interactions médicamenteuses ».",
    link: "/virtualClass/interactions-cas-pratiques",
    daysAgo: 25,
    read: true,
  },
  {
    email: "learner@demo.test",
    title: "Message de votre conseillère",
    body: "Camille Laurent a répondu à votre demande de rappel.",
    link: "/compte/contact",
    daysAgo: 45,
    read: true,
  },
  {
    email: "holder@demo.test",
    title: "Plan de formation mis à jour",
    body: "Léa Bernard est inscrite à la session de Lyon de « Vaccination à l'officine ».",
    // The collective plan page comes with the pharmacy issue: link it there (/gestion/ma-pharmacie/plan-collectif)
    // once it exists; until then the training the learner booked.
    link: "/dpc/vaccination-officine",
    daysAgo: 3,
    read: false,
  },
  {
    email: "referent.be@demo.test",
    title: "Nouvelles sessions de vaccination",
    body: "Des places sont disponibles à Namur et Charleroi.",
    link: "/faceToFaceOnly/vaccination-grippe-pharmacie",
    daysAgo: 5,
    read: false,
  },
  {
    email: "learner.es@demo.test",
    title: "Inscripción confirmada",
    body: "Su plaza en la sesión de primeros auxilios de Madrid está confirmada.",
    link: "/faceToFaceOnly/primeros-auxilios-dea",
    daysAgo: 2,
    read: false,
  },
  {
    email: "referent.es@demo.test",
    title: "Grupo comunicado a FUNDAE",
    body: "El inicio del grupo de «Atención farmacéutica al paciente polimedicado» se ha comunicado correctamente.",
    // The funding page comes with the pharmacy issue: link it there (/administracion/mi-farmacia/prises-en-charge)
    // once it exists; until then the training whose group was reported.
    link: "/formation/atencion-farmaceutica-polimedicados",
    daysAgo: 6,
    read: true,
  },
];

const BOOKMARKS: { email: string; training: string }[] = [
  { email: "learner@demo.test", training: "fr/vaccination-officine" },
  { email: "learner@demo.test", training: "fr/contention-veineuse" },
  { email: "learner@demo.test", training: "fr/diabete-type-2" },
  { email: "learner@demo.test", training: "fr/phytotherapie-hiver" },
  { email: "learner.es@demo.test", training: "es/nutricion-deportiva" },
  { email: "referent.be@demo.test", training: "be/douleur-chronique-opioides" },
];

/** Enrolments, history, quiz attempts, notifications, bookmarks, a few reviews and messages. */
export async function seedActivity(db: SeedDb, clock: Clock, catalogue: CatalogueIds, accounts: AccountIds): Promise<void> {
  const user = (email: string) => {
    const id = accounts.users.get(email);
    if (!id) throw new Error(`Unknown demo user ${email}`);
    return id;
  };
  const training = (key: string) => {
    const id = catalogue.trainings.get(key);
    if (!id) throw new Error(`Unknown demo training ${key}`);
    return id;
  };
  const accountOf = new Map<number, number | null>();
  const memberships = await db.select({ userId: t.users.id, accountId: t.users.currentAccountId }).from(t.users);
  for (const m of memberships) accountOf.set(m.userId, m.accountId);

  const dpcByTraining = new Map<number, number>();
  const programmes = await db.select({ id: t.dpcProgrammes.id, trainingId: t.dpcProgrammes.trainingId }).from(t.dpcProgrammes);
  for (const p of programmes) dpcByTraining.set(p.trainingId, p.id);

  const enrolmentRows = ENROLMENTS.map((e) => {
    const trainingId = training(e.training);
    const sessions = catalogue.sessions.get(e.training) ?? [];
    const session = e.session === "full" ? sessions.find((s) => s.full) : e.session !== undefined ? sessions[e.session] : undefined;
    if (e.session !== undefined && !session) throw new Error(`No session ${String(e.session)} for ${e.training}`);
    const userId = user(e.email);
    return {
      userId,
      trainingId,
      accountId: accountOf.get(userId) ?? null,
      status: e.status,
      sessionId: session?.id ?? null,
      dpcProgrammeId: e.dpc ? (dpcByTraining.get(trainingId) ?? null) : null,
      fundingId: e.funding ? (catalogue.fundings.get(e.funding) ?? null) : null,
      waitingListPosition: e.status === "waiting_list" ? (e.waitingListPosition ?? 1) : null,
      progressPercent: e.progress ?? 0,
      createdAt: clock.at(-(e.startedDaysAgo ?? 3) - 1, 10),
      startedAt: e.startedDaysAgo !== undefined ? clock.at(-e.startedDaysAgo, 12) : null,
      finishedAt: e.finishedDaysAgo !== undefined ? clock.at(-e.finishedDaysAgo, 16) : null,
    };
  });
  const insertedEnrolments = await db
    .insert(t.enrolments)
    .values(enrolmentRows)
    .returning({ id: t.enrolments.id, userId: t.enrolments.userId, trainingId: t.enrolments.trainingId });

  await db.insert(t.historyEntries).values(
    HISTORY.map((h) => ({
      userId: user(h.email),
      trainingId: training(h.training),
      startDate: clock.at(-h.startDaysAgo, 9),
      endDate: h.endDaysAgo === null ? null : clock.at(-h.endDaysAgo, 17),
      initialScore: h.initial,
      finalScore: h.final,
      points: h.points,
    })),
  );

  // Quiz attempts of learner@: answers chosen so that the score matches the history entries.
  const learner = user("learner@demo.test");
  const attempt = (key: string, kind: string, rightAnswers: number, daysAgo: number) => {
    const quizId = catalogue.quizzes.get(`${key}:${kind}`);
    if (!quizId) throw new Error(`No ${kind} quiz for ${key}`);
    const questions = catalogue.questions.get(quizId) ?? [];
    const answers: Record<string, number[]> = {};
    questions.forEach((q, i) => {
      const right = q.choices.filter((c) => c.correct).map((c) => c.id);
      const wrong = q.choices.find((c) => !c.correct)?.id;
      answers[String(q.id)] = i < rightAnswers || wrong === undefined ? right : [wrong];
    });
    const score = questions.length ? Math.round((Math.min(rightAnswers, questions.length) / questions.length) * 100) : 0;
    const enrolment = insertedEnrolments.find((e) => e.userId === learner && e.trainingId === training(key));
    return {
      quizId,
      userId: learner,
      enrolmentId: enrolment?.id ?? null,
      answers,
      startDate: clock.at(-daysAgo, 12),
      answeredAt: clock.at(-daysAgo, 12, 6),
      score,
      notAnswered: false,
    };
  };
  await db
    .insert(t.quizTrackings)
    .values([
      attempt("fr/entretiens-anticoagulants", "pre_test", 2, 10),
      attempt("fr/asthme-bpco", "pre_test", 1, 35),
      attempt("fr/asthme-bpco", "post_test", 2, 20),
      attempt("fr/routine-dermocosmetique", "pre_test", 2, 21),
      attempt("fr/quiz-interactions", "standalone", 4, 8),
    ]);

  await db.insert(t.notifications).values(
    NOTIFICATIONS.map((n) => ({
      userId: user(n.email),
      title: n.title,
      body: n.body,
      link: n.link,
      readedDate: n.read ? clock.at(-n.daysAgo, 18) : null,
      createdAt: clock.at(-n.daysAgo, 8),
    })),
  );

  await db.insert(t.bookmarks).values(BOOKMARKS.map((b, i) => ({ userId: user(b.email), trainingId: training(b.training), createdAt: clock.at(-30 + i) })));

  // Reviews written by demo users (the catalogue seed wrote anonymous ones).
  const userReviews = [
    {
      email: "learner@demo.test",
      training: "fr/asthme-bpco",
      rating: 5,
      name: "Julie M.",
      comment: "Les vidéos de démonstration m'ont permis de corriger mes explications au comptoir.",
    },
    {
      email: "learner.es@demo.test",
      training: "es/dermofarmacia-consejo",
      rating: 4,
      name: "María L.",
      comment: "Muy útil para el consejo diario.",
    },
  ];
  await db.insert(t.reviews).values(
    userReviews.map((r) => ({
      trainingId: training(r.training),
      userId: user(r.email),
      authorName: r.name,
      rating: r.rating,
      comment: r.comment,
      createdAt: clock.at(-15),
    })),
  );
  // Keep the cached rating in step with the reviews.
  for (const r of userReviews) {
    const id = training(r.training);
    const rows = await db.select({ rating: t.reviews.rating }).from(t.reviews).where(eq(t.reviews.trainingId, id));
    const average = Math.round((rows.reduce((s, x) => s + x.rating, 0) / rows.length) * 100) / 100;
    await db.update(t.trainings).set({ ratingAverage: average, ratingCount: rows.length }).where(eq(t.trainings.id, id));
  }

  await db.insert(t.contactMessages).values([
    {
      brand: "fr",
      kind: "advisor",
      userId: learner,
      accountId: accountOf.get(learner) ?? null,
      advisorId: accounts.advisors.get("camille-laurent")!,
      subject: "Demande de rappel",
      message: "Bonjour, pouvez-vous me rappeler au sujet des sessions de vaccination à Lyon ? Merci.",
      createdAt: clock.at(-46, 9),
      handledAt: clock.at(-45, 11),
    },
    {
      brand: "fr",
      kind: "contact",
      name: "Pierre Lucas",
      email: "pierre.lucas@example.org",
      phone: "06 98 76 54 32",
      subject: "Devis pour une équipe de 8 personnes",
      message: "Bonjour, je souhaiterais un devis pour former mon équipe à la contention veineuse.",
      createdAt: clock.at(-3, 15),
    },
    {
      brand: "es",
      kind: "contact",
      name: "Rocío Blanco",
      email: "rocio.blanco@example.org",
      subject: "Información sobre bonificación",
      message: "Hola, ¿podrían explicarme cómo bonificar los cursos para mi equipo de cuatro personas?",
      createdAt: clock.at(-2, 10),
    },
  ]);

  await db.insert(t.surveyAnswers).values([
    {
      brand: "fr",
      survey: "formulaire-sur-mesure",
      userId: user("holder@demo.test"),
      answers: { themes: ["Vaccination", "Orthopédie"], teamSize: 7, format: "mixte", comment: "Idéalement le lundi matin." },
      createdAt: clock.at(-12),
    },
    {
      brand: "es",
      survey: "encuesta",
      userId: user("referent.es@demo.test"),
      answers: { temas: ["Dermofarmacia", "Atención al cliente"], personas: 4, modalidad: "teleformación" },
      createdAt: clock.at(-9),
    },
  ]);
}
