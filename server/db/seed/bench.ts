import { like, sql } from "drizzle-orm";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import * as t from "../schema/index.ts";
import { MODULE_TYPES, TRAINING_TYPES, type TrainingType } from "../schema/catalogue.ts";
import { FUNDINGS } from "./catalogue.ts";
import { CITIES } from "./data/helpers.ts";
import type { Brand, CityKey } from "./data/types.ts";
import { chunk, makeClock, prng, type SeedDb } from "./util.ts";

type Topic = [name: string, tag: string, illustration: string];

const FR_TOPICS: Topic[] = [
  ["l'angine et le TROD streptococcique", "Infectiologie", "infectiologie"],
  ["la vaccination de l'adulte", "Vaccination", "vaccination"],
  ["les anticoagulants oraux", "Cardiologie", "cardiologie"],
  ["l'hypertension artérielle", "Cardiologie", "cardiologie"],
  ["le patient âgé polymédiqué", "Gériatrie", "geriatrie"],
  ["l'asthme de l'enfant", "Respiratoire", "respiratoire"],
  ["la BPCO", "Respiratoire", "respiratoire"],
  ["le diabète de type 2", "Diabétologie", "diabete"],
  ["la contention veineuse", "Orthopédie", "orthopedie"],
  ["le maintien à domicile", "Maintien à domicile", "maintien-domicile"],
  ["la dénutrition", "Nutrition", "nutrition"],
  ["les compléments alimentaires", "Nutrition", "nutrition"],
  ["l'acné", "Dermatologie", "dermatologie"],
  ["la photoprotection", "Dermatologie", "dermatologie"],
  ["l'eczéma atopique", "Dermatologie", "dermatologie"],
  ["les plantes du sommeil", "Phytothérapie", "phytotherapie"],
  ["les huiles essentielles", "Aromathérapie", "aromatherapie"],
  ["l'allaitement", "Santé de la femme", "allaitement"],
  ["la contraception", "Santé de la femme", "sante-femme"],
  ["la ménopause", "Santé de la femme", "sante-femme"],
  ["l'arrêt du tabac", "Addictologie", "addictologie"],
  ["la douleur aiguë", "Douleur", "douleur"],
  ["la migraine", "Douleur", "douleur"],
  ["les anticancéreux oraux", "Oncologie", "oncologie"],
  ["la fièvre de l'enfant", "Pédiatrie", "pediatrie"],
  ["les interactions médicamenteuses", "Interactions", "interactions"],
  ["la gestion des stocks", "Gestion de l'officine", "gestion"],
  ["le management d'équipe", "Management", "management"],
  ["les urgences au comptoir", "Urgences", "urgences"],
  ["la santé mentale", "Santé mentale", "sante-mentale"],
];

const ES_TOPICS: Topic[] = [
  ["el paciente polimedicado", "Atención farmacéutica", "geriatrie"],
  ["la hipertensión arterial", "Cardiología", "cardiologie"],
  ["la diabetes tipo 2", "Diabetes", "diabete"],
  ["el asma", "Respiratorio", "respiratoire"],
  ["el cuidado de la piel", "Dermofarmacia", "dermatologie"],
  ["la fotoprotección", "Dermofarmacia", "dermatologie"],
  ["la nutrición deportiva", "Nutrición", "nutrition"],
  ["la fitoterapia", "Fitoterapia", "phytotherapie"],
  ["la ortopedia", "Ortopedia", "orthopedie"],
  ["el dolor", "Dolor", "douleur"],
  ["las interacciones", "Interacciones", "interactions"],
  ["la atención al cliente", "Atención al cliente", "communication"],
  ["la protección de datos", "Normativa", "numerique"],
  ["la prevención de riesgos laborales", "Normativa", "prevention"],
  ["la salud mental", "Salud mental", "sante-mentale"],
];

/** Illustration keys the generated trainings use (files made by make-media.ts). */
export const ILLUSTRATION_KEYS: string[] = [...new Set([...FR_TOPICS, ...ES_TOPICS].map(([, , key]) => key))];

const FR_PREFIX = ["Les essentiels", "Cas pratiques", "Mise à jour", "Approfondissement", "Atelier", "Parcours complet", "Focus", "Conseil au comptoir"];
const ES_PREFIX = ["Lo esencial", "Casos prácticos", "Actualización", "Profundización", "Taller", "Curso completo", "En foco", "Consejo en el mostrador"];

const FR_CITIES: CityKey[] = ["paris", "lyon", "evry", "marseille", "lille", "bordeaux", "nantes", "toulouse", "strasbourg"];
const BE_CITIES: CityKey[] = ["bruxelles", "liege", "namur", "charleroi"];
const ES_CITIES: CityKey[] = ["madrid", "barcelona", "sevilla", "valencia", "bilbao", "malaga"];

const LIVE_TYPES: TrainingType[] = ["faceToFaceOnly", "virtualClass", "mixt", "webinar"];

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

function pickBrand(r: number): Brand {
  if (r < 0.55) return "fr";
  if (r < 0.7) return "be";
  if (r < 0.92) return "es";
  return "es-campus";
}

/**
 * Insert `trainings` generated trainings (slug prefix bench-) with their tags, courses, modules,
 * fundings, DPC programmes and sessions, in batched multi-row inserts. Deterministic for a given
 * starting point; may be run several times (numbering continues).
 */
export async function seedBench(db: SeedDb, options: { trainings: number; now?: Date; batchSize?: number }): Promise<{ trainings: number }> {
  const total = options.trainings;
  const batchSize = options.batchSize ?? 500;
  const clock = makeClock(options.now ?? new Date());

  await db.insert(t.fundings).values(FUNDINGS).onConflictDoNothing();
  const fundingRows = await db.select({ id: t.fundings.id, code: t.fundings.code }).from(t.fundings);
  const funding = new Map(fundingRows.map((r) => [r.code, r.id]));
  const [{ existing }] = await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(t.trainings)
    .where(like(t.trainings.slug, "bench-%"));
  const [{ maxAction }] = await db
    .select({ maxAction: sql<string | null>`max(${t.dpcProgrammes.actionNumber})` })
    .from(t.dpcProgrammes)
    .where(like(t.dpcProgrammes.actionNumber, "97%"));
  let nextAction = maxAction ? Number(maxAction) + 1 : 97_000_000_000;

  // One transaction (far fewer commits on the embedded database), multi-row statements of batchSize rows.
  await db.transaction(async (tx) => {
    for (let start = 0; start < total; start += batchSize) {
      const size = Math.min(batchSize, total - start);
      const drafts = Array.from({ length: size }, (_, k) => {
        const n = existing + start + k + 1;
        const random = prng(n * 2654435761);
        const brand = pickBrand(random());
        const lang = brand === "fr" || brand === "be" ? "fr" : "es";
        const topics = lang === "fr" ? FR_TOPICS : ES_TOPICS;
        const [topic, tag, illustration] = topics[Math.floor(random() * topics.length)];
        const prefix = (lang === "fr" ? FR_PREFIX : ES_PREFIX)[Math.floor(random() * FR_PREFIX.length)];
        let type: TrainingType = TRAINING_TYPES[Math.floor(random() * TRAINING_TYPES.length)];
        if (type === "dpc" && brand !== "fr") type = "formation";
        const live = LIVE_TYPES.includes(type);
        const duration = type === "quiz" ? 10 + Math.floor(random() * 20) : type === "faceToFaceOnly" ? 420 : 30 + Math.floor(random() * 20) * 15;
        const free = random() < 0.15 || type === "quiz" || type === "webinar";
        const price = free ? 0 : (5 + Math.floor(random() * 60)) * 1000;
        const name = lang === "fr" ? `${prefix} : ${topic}` : `${prefix}: ${topic}`;
        const rating = random() < 0.7 ? Math.round((3 + random() * 2) * 100) / 100 : null;
        const courses: number[] =
          type === "mixt"
            ? random() < 0.5
              ? [MODULE_TYPES.elearning, MODULE_TYPES.faceToFace]
              : [MODULE_TYPES.virtualClass, MODULE_TYPES.elearning]
            : [
                {
                  dpc: MODULE_TYPES.elearning,
                  formation: MODULE_TYPES.elearning,
                  faceToFaceOnly: MODULE_TYPES.faceToFace,
                  virtualClass: MODULE_TYPES.virtualClass,
                  pdf: MODULE_TYPES.pdf,
                  video: MODULE_TYPES.video,
                  podcast: MODULE_TYPES.podcast,
                  webinar: MODULE_TYPES.webinar,
                  quiz: MODULE_TYPES.quiz,
                  mixt: MODULE_TYPES.elearning,
                }[type],
              ];
        const fundings =
          brand === "fr"
            ? free
              ? ["free"]
              : type === "dpc"
                ? ["DPC", "FIFPL"]
                : ["FIFPL", "OPCO"]
            : brand === "be"
              ? free
                ? ["free"]
                : []
              : free
                ? ["free"]
                : [random() < 0.7 ? "FUNDAE" : "BONIFICABLE"];
        const createdDaysAgo = Math.floor(random() * 1000);
        return {
          n,
          brand,
          lang,
          type,
          live,
          courses,
          fundings,
          tags: [tag, lang === "fr" ? "Catalogue étendu" : "Catálogo ampliado"],
          row: {
            brand,
            lang,
            slug: `bench-${n}-${slugify(topic)}`,
            type,
            name,
            shortName: topic.charAt(0).toUpperCase() + topic.slice(1),
            description:
              lang === "fr"
                ? `<p>Formation générée pour les mesures de performance : ${topic}, format ${type}.</p>`
                : `<p>Curso generado para las pruebas de rendimiento: ${topic}, formato ${type}.</p>`,
            durationMinutes: duration,
            faceToFaceDurationMinutes: live ? Math.min(duration, 420) : null,
            priceHtCents: price,
            currency: "EUR",
            free,
            credits: brand === "be" ? Math.max(1, Math.round(duration / 30)) : brand !== "fr" && random() < 0.3 ? 2 : null,
            points: Math.round(duration / 6),
            isPublished: random() > 0.05,
            isNew: createdDaysAgo < 30,
            isVirtual: type === "virtualClass",
            mainIllustration: `/media/illustrations/${illustration}.svg`,
            providerName: legalIdentityOf(brand).legalName,
            pharmacistsOnly: random() < 0.05,
            hasQuiz: type === "quiz" || random() < 0.5,
            ratingAverage: rating,
            ratingCount: rating === null ? 0 : 1 + Math.floor(random() * 80),
            lastUpdate: clock.at(-Math.floor(createdDaysAgo / 2)),
            createdAt: clock.at(-createdDaysAgo),
            updatedAt: clock.at(-1),
          },
          random,
        };
      });

      const inserted = await tx
        .insert(t.trainings)
        .values(drafts.map((d) => d.row))
        .returning({ id: t.trainings.id, slug: t.trainings.slug });
      const idBySlug = new Map(inserted.map((r) => [r.slug, r.id]));
      const withIds = drafts.map((d) => ({ ...d, id: idBySlug.get(d.row.slug)! }));

      await tx.insert(t.trainingTags).values(withIds.flatMap((d) => d.tags.map((tag) => ({ trainingId: d.id, tag }))));
      const fundingLinks = withIds.flatMap((d) => d.fundings.map((code) => ({ trainingId: d.id, fundingId: funding.get(code)! })));
      if (fundingLinks.length) await tx.insert(t.trainingFundings).values(fundingLinks);

      const courseRows = await tx
        .insert(t.courses)
        .values(
          withIds.flatMap((d) =>
            d.courses.map((moduleType, position) => ({
              trainingId: d.id,
              position,
              moduleType,
              name: d.lang === "fr" ? `Partie ${position + 1}` : `Parte ${position + 1}`,
              isVirtual: moduleType === MODULE_TYPES.virtualClass || moduleType === MODULE_TYPES.webinar,
              durationMinutes: Math.round(d.row.durationMinutes / d.courses.length),
            })),
          ),
        )
        .returning({ id: t.courses.id, moduleType: t.courses.moduleType, durationMinutes: t.courses.durationMinutes });
      for (const part of chunk(courseRows, 2000)) {
        await tx.insert(t.modules).values(
          part.flatMap((c) =>
            [0, 1].map((position) => ({
              courseId: c.id,
              position,
              type: c.moduleType,
              title: `Module ${position + 1}`,
              content: c.moduleType === MODULE_TYPES.elearning ? `<p>Module ${position + 1}</p>` : null,
              durationMinutes: Math.round(c.durationMinutes / 2),
            })),
          ),
        );
      }

      const dpc = withIds.filter((d) => d.type === "dpc");
      if (dpc.length) {
        await tx.insert(t.dpcProgrammes).values(
          dpc.map((d) => ({
            trainingId: d.id,
            actionNumber: String(nextAction++),
            name: d.row.name,
            priceHtCents: d.row.priceHtCents,
            durationMinutes: d.row.durationMinutes,
          })),
        );
      }

      const live = withIds.filter((d) => d.live);
      if (live.length) {
        const f2f = await tx
          .insert(t.faceToFaces)
          .values(
            live.map((d) => ({
              trainingId: d.id,
              name: d.row.shortName,
              virtualClass: d.type === "virtualClass" || d.type === "webinar",
              noWaitingList: d.type === "webinar",
            })),
          )
          .returning({ id: t.faceToFaces.id, trainingId: t.faceToFaces.trainingId });
        const byTraining = new Map(withIds.map((d) => [d.id, d]));
        const sessions = await tx
          .insert(t.faceToFaceSessions)
          .values(
            f2f.flatMap((f) => {
              const d = byTraining.get(f.trainingId)!;
              const cities = d.brand === "fr" ? FR_CITIES : d.brand === "be" ? BE_CITIES : ES_CITIES;
              const virtual = d.type !== "faceToFaceOnly" && !(d.type === "mixt" && d.courses.includes(MODULE_TYPES.faceToFace));
              return [0, 1, 2].map((i) => {
                const city = virtual ? null : CITIES[cities[Math.floor(d.random() * cities.length)]];
                const max = d.type === "webinar" ? 500 : 10 + Math.floor(d.random() * 15);
                return {
                  faceToFaceId: f.id,
                  name: `${city?.marketingCity ?? "Session"} ${i + 1}`,
                  city: city?.city ?? null,
                  marketingCity: city?.marketingCity ?? null,
                  postalCode: city?.postalCode ?? null,
                  address: city?.address ?? null,
                  startDate: clock.day(7 + Math.floor(d.random() * 180)),
                  startTime: virtual ? "19:30" : "09:00",
                  endTime: virtual ? "21:30" : "17:30",
                  maxParticipants: max,
                };
              });
            }),
          )
          .returning({
            id: t.faceToFaceSessions.id,
            startDate: t.faceToFaceSessions.startDate,
            startTime: t.faceToFaceSessions.startTime,
            endTime: t.faceToFaceSessions.endTime,
          });
        await tx.insert(t.sessionDates).values(
          sessions.map((session) => ({
            sessionId: session.id,
            date: session.startDate,
            startTime: session.startTime ?? "09:00",
            endTime: session.endTime ?? "17:30",
          })),
        );
      }
    }
  });
  return { trainings: total };
}
