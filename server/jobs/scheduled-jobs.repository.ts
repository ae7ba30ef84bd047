import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * Claims the job's turn for the period starting `now`: true for exactly one caller, whichever instance asks and
 * however many ask at once. One statement moves the job's row forward only when its last start is a whole period
 * old (or inserts it the first time); a concurrent caller waits for that row, then finds it too recent.
 */
export async function claimTurn(db: Db, name: string, everyMs: number, now: Date): Promise<boolean> {
  const due = new Date(now.getTime() - everyMs);
  const claimed = await db.execute(sql`
    insert into scheduled_jobs (name, last_started_at) values (${name}, ${now})
    on conflict (name) do update set last_started_at = excluded.last_started_at
    where scheduled_jobs.last_started_at <= ${due}
    returning name`);
  return (claimed as unknown as { rows: unknown[] }).rows.length === 1;
}
