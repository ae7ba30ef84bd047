// Shared set-up for the enrolment integration tests: learners, sessions and logged-in agents made directly in the
// database (logging 50 learners in through the API would only test scrypt).
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { enrolments, faceToFaceSessions, faceToFaces, memberships, sessionDates, sessions, trainings, users } from "../../server/db/schema/index.ts";
import { hashSessionId } from "../../server/back/http/session.ts";
import { Agent } from "./support/http.ts";
import type { Suite } from "./support/setup.ts";

export async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

export async function accountOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ accountId: memberships.accountId }).from(memberships).where(eq(memberships.userId, userId));
  if (!row) throw new Error(`user ${userId} has no membership`);
  return row.accountId;
}

export async function trainingBySlug(db: Db, brand: string, slug: string) {
  const [row] = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.brand, brand), eq(trainings.slug, slug)));
  if (!row) throw new Error(`no training ${brand}/${slug}`);
  return row;
}

export async function firstTrainingOfType(db: Db, brand: string, type: string, extra: (t: typeof trainings.$inferSelect) => boolean = () => true) {
  const rows = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.brand, brand), eq(trainings.type, type), eq(trainings.isPublished, true)));
  const row = rows.filter((t) => !t.isTest && !t.pharmacistsOnly && !t.nonPharmacistsOnly && !t.holdersOnly && !t.nonHoldersOnly).find(extra);
  if (!row) throw new Error(`no ${brand} training of type ${type}`);
  return row;
}

/** A browser-like agent already logged in as the user (session row inserted directly) with its CSRF cookie. */
export async function agentFor(suite: Suite, userId: number, accountId: number | null, headers: Record<string, string> = {}): Promise<Agent> {
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  await suite.db
    .insert(sessions)
    .values({ idHash: hashSessionId(id), userId, accountId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  const agent = suite.agent({ "accept-language": "fr-FR", ...headers });
  agent.cookies.set("sid", id);
  await agent.csrf();
  return agent;
}

/** n learners of the account, pharmacists, with a unique tag in their e-mail. */
export async function createLearners(db: Db, n: number, accountId: number, tag: string, profession = "pharmacist", role = "learner"): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${tag}-${i}@seats.test`,
        passwordHash: "not-used",
        firstName: `L${i}`,
        lastName: tag,
        profession,
      })),
    )
    .returning({ id: users.id });
  await db.insert(memberships).values(rows.map((r) => ({ userId: r.id, accountId, role })));
  return rows.map((r) => r.id);
}

const parisDay = (offsetDays: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date(Date.now() + offsetDays * 86_400_000));

/** A new session (in its own face-to-face group of the training) with one session date; `booked` seats are taken by new learners. */
export async function createSession(
  db: Db,
  trainingId: number,
  options: { seats: number; booked?: number; noWaitingList?: boolean; inDays?: number; virtual?: boolean; startTime?: string; endTime?: string; day?: string },
) {
  const [group] = await db
    .insert(faceToFaces)
    .values({ trainingId, name: "test group", virtualClass: options.virtual ?? false, noWaitingList: options.noWaitingList ?? false })
    .returning();
  const day = options.day ?? parisDay(options.inDays ?? 20);
  const [session] = await db
    .insert(faceToFaceSessions)
    .values({
      faceToFaceId: group.id,
      name: `test session ${randomBytes(3).toString("hex")}`,
      city: options.virtual ? null : "Lyon",
      startDate: day,
      startTime: options.startTime ?? "09:00",
      endTime: options.endTime ?? "17:00",
      maxParticipants: options.seats,
      virtualClassUrl: options.virtual ? "https://visio.formapharm.test/test-room" : null,
    })
    .returning();
  const [date] = await db
    .insert(sessionDates)
    .values({ sessionId: session.id, date: day, startTime: session.startTime ?? "09:00", endTime: session.endTime ?? "17:00" })
    .returning();
  if (!options.booked) return { group, session, date };
  // Booked seats are real bookings (ADR 0111): one learner per seat taken, booked long before the test (so they are
  // not among the enrolments of this month that figures count).
  const holders = await db
    .insert(users)
    .values(
      Array.from({ length: options.booked }, (_, i) => ({
        email: `holder-${session.id}-${i}@seats.test`,
        passwordHash: "not-used",
        firstName: `H${i}`,
        lastName: `session ${session.id}`,
        profession: "pharmacist",
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(enrolments)
    .values(holders.map((h) => ({ userId: h.id, trainingId, status: "pending", sessionId: session.id, createdAt: new Date("2020-01-06T09:00:00Z") })));
  return { group, session: (await sessionRow(db, session.id))!, date };
}

export async function sessionRow(db: Db, sessionId: number) {
  const [row] = await db.select().from(faceToFaceSessions).where(eq(faceToFaceSessions.id, sessionId));
  return row;
}

export async function enrolmentsOfSession(db: Db, sessionId: number) {
  return db.select().from(enrolments).where(eq(enrolments.sessionId, sessionId));
}

export { parisDay };
