import { sql } from "drizzle-orm";
import { seedInvitations } from "./invitations.ts";
import { DEFAULT_PASSWORD_HASH_COST, hashPassword } from "../../back/modules/auth/password.ts";
import * as t from "../schema/index.ts";
import { seedActivity } from "./activity.ts";
import { seedJourney } from "./journey.ts";
import { seedStepRecords } from "./progress.ts";
import { seedAttemptStories, seedPassRules } from "./pass-rules.ts";
import { seedCatalogue } from "./catalogue.ts";
import { seedContentExtra } from "./content-extra.ts";
import { DEMO_USERS } from "./data/accounts.ts";
import { seedAccounts, seedContent } from "./people-and-content.ts";
import { seedShop } from "./shop.ts";
import { seedEditorial } from "./editorial.ts";
import { seedFundingAndPlans } from "./funding-and-plans.ts";
import { seedPharmacy } from "./pharmacy.ts";
import { seedAttendance } from "./attendance.ts";
import { seedCompliance } from "./compliance.ts";
import { seedSessionParticipants } from "./participants.ts";
import { numberSeededInvoicesByIssueDate } from "./invoice-numbers.ts";
import { makeClock, type SeedDb } from "./util.ts";

export const DEMO_PASSWORD = "demo1234";

/** The documented demo accounts (all with password demo1234). */
export const DEMO_ACCOUNTS: readonly { email: string; description: string }[] = DEMO_USERS.map(({ email, description }) => ({
  email,
  description,
}));

/** Arbitrary key for the advisory lock that serialises concurrent seeders (several instances starting). */
const SEED_LOCK_KEY = 72_401_101;

export type SeedOptions = {
  /** "Today" for the relative dates (sessions, contracts, history). Defaults to the current time. */
  now?: Date;
  /** Reuse a precomputed hash of DEMO_PASSWORD (tests); computed once otherwise. */
  passwordHash?: string;
  /** scrypt's cost of that hash when it is computed here (PASSWORD_HASH_COST); the default cost otherwise. */
  passwordHashCost?: number;
};

export type SeedResult = { seeded: boolean; ms: number; counts: Record<string, number> };

/** The database counts as empty when it has no user: the demo is only loaded then. */
export async function isDatabaseEmpty(db: SeedDb): Promise<boolean> {
  const rows = await db.select({ id: t.users.id }).from(t.users).limit(1);
  return rows.length === 0;
}

/**
 * Load the demo data set in one transaction. Idempotent: does nothing (seeded false) when the
 * database already has users. Content is fixed; dates are relative to `now`.
 */
export async function seedDemo(db: SeedDb, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  if (!(await isDatabaseEmpty(db))) return { seeded: false, ms: 0, counts: {} };
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD, options.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST));
  const clock = makeClock(options.now ?? new Date());

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isDatabaseEmpty(tx))) return false;
    const catalogue = await seedCatalogue(tx, clock);
    await seedPassRules(tx, clock, catalogue);
    const accounts = await seedAccounts(tx, clock, passwordHash);
    await seedContent(tx, clock);
    await seedContentExtra(tx, clock);
    await seedActivity(tx, clock, catalogue, accounts);
    await seedStepRecords(tx, clock);
    await seedAttemptStories(tx, clock, catalogue, accounts);
    await seedJourney(tx, clock, catalogue, accounts);
    await seedInvitations(tx, clock, accounts);
    await seedShop(tx, clock);
    await seedEditorial(tx, clock);
    await seedFundingAndPlans(tx, clock);
    await seedPharmacy(tx, clock);
    await seedSessionParticipants(tx, clock, catalogue, passwordHash);
    await seedAttendance(tx, clock);
    await seedCompliance(tx, clock);
    await numberSeededInvoicesByIssueDate(tx);
    return true;
  });
  if (!seeded) return { seeded: false, ms: Math.round(performance.now() - started), counts: {} };
  const counts = await countRows(db);
  return { seeded: true, ms: Math.round(performance.now() - started), counts };
}

const COUNTED = [
  "trainings",
  "training_tags",
  "courses",
  "modules",
  "objectives",
  "face_to_faces",
  "face_to_face_sessions",
  "session_dates",
  "dpc_programmes",
  "agreements",
  "fundings",
  "training_fundings",
  "people",
  "training_people",
  "reviews",
  "associated_trainings",
  "quizzes",
  "quiz_questions",
  "quiz_choices",
  "quiz_trackings",
  "enrolments",
  "history_entries",
  "notifications",
  "bookmarks",
  "news",
  "content_pages",
  "faq_sections",
  "faq_questions",
  "groupings",
  "contact_messages",
  "survey_answers",
  "advisors",
  "accounts",
  "users",
  "memberships",
  "contracts",
] as const;

/** Row counts of the seeded tables (one query). */
export async function countRows(db: SeedDb): Promise<Record<string, number>> {
  const select = sql.join(
    COUNTED.map((table) => sql`(select count(*) from ${sql.identifier(table)})::int as ${sql.identifier(table)}`),
    sql`, `,
  );
  const result = await db.execute(sql`select ${select}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, number>[];
  return { ...rows[0] };
}
