// Columns computed by a subquery of the outer row (a training's funding codes, a plan's activity count, a training's
// DPC facts) read that row. In a query on one table Drizzle writes the table's columns unqualified ("id"), and inside a
// subquery such a name means the subquery's own table: each figure is compared with the same one written by hand.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { BrandKey } from "#core/branding/brands.ts";
import { findTrainingRefBySlug } from "../../server/back/modules/catalogue/catalogue.repository.ts";
import { findFlowTraining } from "../../server/back/modules/flow/flow.repository.ts";
import { listFeaturedCandidates } from "../../server/back/modules/home/home.repository.ts";
import { listPlans } from "../../server/back/modules/training-plans/training-plans.repository.ts";
import { backends } from "./support/database.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("subqueries of the outer row on %s", (backend) => {
  const suite = useSuite(backend);
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await suite.db.execute(query)) as unknown as { rows: T[] }).rows;

  test("a featured training's funding codes are its own", async () => {
    const candidates = await listFeaturedCandidates(suite.db, "fr", "fr", 100);
    const expected = await rows<{ id: number; codes: string[] }>(
      sql`select t.id, array(select f.code from training_fundings tf join fundings f on f.id = tf.funding_id where tf.training_id = t.id order by f.code) as codes from trainings t`,
    );
    const codesOf = new Map(expected.map((row) => [Number(row.id), row.codes]));
    expect(candidates.length).toBeGreaterThan(5);
    expect(candidates.some((candidate) => candidate.fundingCodes.length > 0)).toBe(true);
    for (const candidate of candidates) expect(candidate.fundingCodes, candidate.slug).toEqual(codesOf.get(candidate.id));
  });

  test("a collective plan's activity count is the number of its activities", async () => {
    const accounts = await rows<{ account_id: number }>(sql`select distinct account_id from training_plans`);
    expect(accounts.length).toBeGreaterThan(0);
    let plansWithActivities = 0;
    for (const { account_id: accountId } of accounts) {
      for (const { plan, activityCount } of await listPlans(suite.db, Number(accountId))) {
        const [{ count }] = await rows<{ count: number }>(sql`select count(*)::int as count from training_plan_activities where plan_id = ${plan.id}`);
        expect(activityCount, plan.name).toBe(Number(count));
        if (count > 0) plansWithActivities += 1;
      }
    }
    expect(plansWithActivities).toBeGreaterThan(0);
  });

  test("a training's DPC facts are its own: the flow and the reference see a programme exactly where the training has one", async () => {
    const facts = await rows<{ id: number; brand: BrandKey; slug: string; has: boolean }>(
      sql`select t.id, t.brand, t.slug, exists (select 1 from dpc_programmes d where d.training_id = t.id) as has from trainings t order by t.id`,
    );
    expect(facts.some((row) => row.has)).toBe(true);
    expect(facts.some((row) => !row.has)).toBe(true);
    for (const row of facts) {
      expect((await findFlowTraining(suite.db, row.id))?.hasDpcData, row.slug).toBe(row.has);
      expect((await findTrainingRefBySlug(suite.db, row.brand, row.slug))?.hasDpcData, row.slug).toBe(row.has);
    }
  });
});
