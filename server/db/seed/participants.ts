/**
 * The learners who hold the demo sessions' seats (issue 29 item 3, ADR 0111). A session's booked seats are the count
 * of its active bookings, kept by the database: the demo reaches each session's `booked` figure with real bookings
 * of named participants (personal learners, no pharmacy), so every seat shown as taken has a learner the
 * administrator can see, move or notify. Runs last, after the demo accounts' own bookings, and only tops up.
 */
import { and, inArray } from "drizzle-orm";
import * as t from "../schema/index.ts";
import type { CatalogueIds } from "./catalogue.ts";
import type { Clock, SeedDb } from "./util.ts";

const NAMES: Record<string, { first: string[]; last: string[]; locale: string; brand: string }> = {
  fr: {
    first: ["Claire", "Hugo", "Manon", "Louis", "Inès", "Paul", "Chloé", "Arthur", "Emma", "Jules"],
    last: ["Roussel", "Garnier", "Faure", "Chevalier", "Lemoine", "Perrin", "Marchand", "Colin"],
    locale: "fr-FR",
    brand: "fr",
  },
  be: {
    first: ["Elise", "Thomas", "Amélie", "Maxime", "Laura", "Nicolas", "Sarah", "Simon"],
    last: ["Dubois", "Lambert", "Peeters", "Dupont", "Jacobs", "Renard"],
    locale: "fr-BE",
    brand: "be",
  },
  es: {
    first: ["Lucía", "Pablo", "Marta", "Javier", "Elena", "Diego", "Carmen", "Sergio"],
    last: ["García", "Martín", "Sánchez", "Romero", "Navarro", "Torres"],
    locale: "es-ES",
    brand: "es",
  },
};

/** The n-th participant of a brand: a fixed name and e-mail (participant.fr.07@demo.test). */
export function participantOf(brand: string, n: number) {
  const names = NAMES[brand] ?? NAMES.fr!;
  const first = names.first[n % names.first.length]!;
  const last = names.last[Math.floor(n / names.first.length) % names.last.length]!;
  return {
    email: `participant.${brand}.${String(n + 1).padStart(2, "0")}@demo.test`,
    firstName: first,
    lastName: last,
    locale: names.locale,
    brand: names.brand,
  };
}

export async function seedSessionParticipants(db: SeedDb, clock: Clock, catalogue: CatalogueIds, passwordHash: string): Promise<void> {
  const today = clock.day(0);
  // What each training's sessions still need, and the participants each brand needs for it (one seat per training each).
  const plans: { brand: string; trainingId: number; sessions: { id: number; need: number; past: boolean }[] }[] = [];
  for (const [key, sessions] of catalogue.sessions) {
    const trainingId = catalogue.trainings.get(key);
    if (trainingId === undefined) continue;
    const held = await db
      .select({ sessionId: t.enrolments.sessionId, userId: t.enrolments.userId })
      .from(t.enrolments)
      .where(
        and(
          inArray(
            t.enrolments.sessionId,
            sessions.map((s) => s.id),
          ),
          inArray(t.enrolments.status, ["pending", "in_progress", "finished"]),
        ),
      );
    plans.push({
      brand: key.split("/")[0]!,
      trainingId,
      sessions: sessions.map((s) => ({ id: s.id, need: Math.max(0, s.booked - held.filter((h) => h.sessionId === s.id).length), past: s.startDate < today })),
    });
  }
  const poolSize = new Map<string, number>();
  for (const plan of plans)
    poolSize.set(
      plan.brand,
      Math.max(
        poolSize.get(plan.brand) ?? 0,
        plan.sessions.reduce((sum, s) => sum + s.need, 0),
      ),
    );

  const pools = new Map<string, number[]>();
  for (const [brand, size] of poolSize) {
    if (size === 0) continue;
    const rows = await db
      .insert(t.users)
      .values(
        Array.from({ length: size }, (_, n) => {
          const p = participantOf(brand, n);
          return { ...p, passwordHash, profession: "pharmacist", createdAt: clock.at(-60), updatedAt: clock.at(-60) };
        }),
      )
      .returning({ id: t.users.id });
    pools.set(
      brand,
      rows.map((r) => r.id),
    );
  }

  for (const plan of plans) {
    const pool = pools.get(plan.brand) ?? [];
    let next = 0;
    const rows: (typeof t.enrolments.$inferInsert)[] = [];
    for (const session of plan.sessions) {
      for (let k = 0; k < session.need; k++) {
        const userId = pool[next++]!;
        rows.push({
          userId,
          trainingId: plan.trainingId,
          accountId: null,
          status: session.past ? "in_progress" : "pending",
          sessionId: session.id,
          createdAt: clock.at(-20 + (next % 15), 10),
          startedAt: session.past ? clock.at(-45, 9) : null,
        });
      }
    }
    if (rows.length) await db.insert(t.enrolments).values(rows);
  }
}
