// Compliance deadline reminders (issue 33, ADR 0126): 90 and 30 days before a deadline with a gap left, a
// notification and a mail in the professional's language, once per obligation, deadline and notice, whatever runs
// the job (ten runs at once, two schedulers); a missed 90-day notice is not sent once within 30 days (never two the
// same day); none for a met obligation or a voluntary one (Spain).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { attestations, complianceReminders, memberships, notifications, trainings, users } from "../../server/db/schema/index.ts";
import { noticeFor } from "../../server/back/modules/compliance/reminders.service.ts";
import { complianceRemindersJob, sendComplianceReminders } from "../../server/jobs/platform-jobs.ts";
import { startScheduler } from "../../server/jobs/scheduler.ts";
import { createLogger } from "../../server/logger.ts";
import { mailsTo, subjectOf } from "../support/mailbox.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

describe("the notice due", () => {
  test.each([
    [120, null],
    [91, null],
    [90, 90],
    [31, 90],
    [30, 30],
    [1, 30],
    [0, 30],
    [-1, null],
  ])("%i days before the deadline: %s", (days, notice) => expect(noticeFor(days)).toBe(notice));
});

describe.each(backends())("compliance reminders (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-reminders-"));
  const suite = useSuite(backend, { DATA_DIR: dataDir });

  async function userOf(email: string) {
    const [row] = await suite.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  /** The profession set by its owner, as the profile form does. */
  async function becomes(email: string, profession: string) {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login(email), 200);
    await agent.csrf();
    const me = await userOf(email);
    expectEnvelope(await agent.post("/back/api/user/updateUserData", { firstName: me.firstName, lastName: me.lastName, profession }), 200);
  }

  const depsAt = (instant: string) => ({ ...suite.platform.deps, now: () => new Date(instant) });
  const remindersOf = (userId: number) =>
    suite.db.select().from(complianceReminders).where(eq(complianceReminders.userId, userId)).orderBy(complianceReminders.daysBefore);

  test("90 then 30 days before: one notification and one mail each, whatever runs the job; none when met or voluntary", { timeout: 180_000 }, async () => {
    // The learner meets her DPC period (a DPC action of two types on a priority orientation); a member of the same
    // pharmacy without any attestation, a preparer, has the DPC rule only, with every gap left.
    const learner = await userOf("learner@demo.test");
    await becomes("learner@demo.test", "pharmacist");
    const [attestation] = await suite.db
      .select({ trainingId: attestations.trainingId })
      .from(attestations)
      .where(and(eq(attestations.userId, learner.id), eq(attestations.kind, "training")))
      .limit(1);
    await suite.db
      .update(trainings)
      .set({ dpcActionTypes: ["training", "risk_management"], priorityOrientation: true })
      .where(eq(trainings.id, attestation.trainingId));
    const [membership] = await suite.db.select({ accountId: memberships.accountId }).from(memberships).where(eq(memberships.userId, learner.id)).limit(1);
    const attested = suite.db.select({ userId: attestations.userId }).from(attestations);
    const [gap] = await suite.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.accountId, membership.accountId), eq(users.brand, "fr"), eq(users.isAdmin, false), notInArray(users.id, attested)))
      .limit(1);
    expect(gap, "a member of the pharmacy without attestation").toBeDefined();
    await becomes(gap.email, "preparer");
    const [late] = await suite.db
      .select({ id: users.id, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.accountId, membership.accountId),
          eq(users.brand, "fr"),
          eq(users.isAdmin, false),
          notInArray(users.id, attested),
          notInArray(users.id, [gap.id]),
        ),
      )
      .limit(1);
    expect(late, "a second member without attestation").toBeDefined();
    // An assistant in October: no obligation, no reminder.
    await becomes(late.email, "assistant");
    const spanish = await userOf("learner.es@demo.test");

    // 2028-10-02: the DPC period 2026-2028 ends in 90 days. Ten runs at once.
    const october = depsAt("2028-10-02T08:00:00Z");
    const sent = await Promise.all(Array.from({ length: 10 }, () => sendComplianceReminders(october, 3)));
    const rows = await suite.db.select().from(complianceReminders);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(rows.length);
    expect(await remindersOf(gap.id)).toMatchObject([{ obligation: "dpcTriennial", deadline: "2028-12-31", daysBefore: 90 }]);
    expect(await remindersOf(learner.id)).toEqual([]);
    expect(await remindersOf(spanish.id)).toEqual([]);
    expect(await remindersOf(late.id)).toEqual([]);
    expect(rows.every((row) => row.obligation !== "spainRcf")).toBe(true);
    const first = mailsTo(dataDir, gap.email);
    expect(first).toHaveLength(1);
    expect(subjectOf(first[0])).toBe("DPC (obligation triennale) : échéance le 31/12/2028");
    expect(first[0]).toContain(`Bonjour ${gap.firstName},`);
    expect(first[0]).toContain("dans 90 jours");
    expect(first[0]).toContain("1 action sur une orientation prioritaire");
    expect(mailsTo(dataDir, learner.email)).toHaveLength(0);
    const notes = await suite.db.select().from(notifications).where(eq(notifications.userId, gap.id));
    expect(notes.filter((n) => n.title === "DPC (obligation triennale) : échéance le 31/12/2028")).toHaveLength(1);

    // The next day: nothing new.
    expect(await sendComplianceReminders(depsAt("2028-10-03T08:00:00Z"))).toBe(0);

    // The assistant becomes a preparer: the 90-day notice is missed. On 2028-12-01, 30 days before, both get the
    // 30-day notice only. Two schedulers and five direct runs at once.
    await becomes(late.email, "preparer");
    const december = depsAt("2028-12-01T08:00:00Z");
    const logger = createLogger("silent");
    const schedulers = [1, 2].map(() => startScheduler({ db: suite.db, jobs: [complianceRemindersJob(december)], logger, now: december.now, tickMs: 20 }));
    await Promise.all(Array.from({ length: 5 }, () => sendComplianceReminders(december, 2)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const scheduler of schedulers) await scheduler.stop();
    expect(await remindersOf(gap.id)).toMatchObject([
      { obligation: "dpcTriennial", deadline: "2028-12-31", daysBefore: 30 },
      { obligation: "dpcTriennial", deadline: "2028-12-31", daysBefore: 90 },
    ]);
    expect(await remindersOf(late.id)).toMatchObject([{ obligation: "dpcTriennial", deadline: "2028-12-31", daysBefore: 30 }]);
    expect(mailsTo(dataDir, gap.email)).toHaveLength(2);
    expect(mailsTo(dataDir, late.email)).toHaveLength(1);
    expect(mailsTo(dataDir, late.email)[0]).toContain("dans 30 jours");
    const all = await suite.db
      .select()
      .from(complianceReminders)
      .where(inArray(complianceReminders.userId, [gap.id, late.id, learner.id]));
    expect(all).toHaveLength(3);
  });
});
