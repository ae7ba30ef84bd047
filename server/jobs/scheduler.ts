import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { claimTurn } from "./scheduled-jobs.repository.ts";

/** Work done every `everyMs`, once across all the instances on one database (ADR 0122). */
export type ScheduledJob = { name: string; everyMs: number; run(now: Date): Promise<void> };

/**
 * Asks every `tickMs` whether each job's turn has come, and runs the jobs this instance claims, one at a time. A
 * failed run is logged and waits for the next period. `stop()` ends the ticks and waits for a run in progress.
 */
export function startScheduler(options: { db: Db; jobs: ScheduledJob[]; logger: Logger; now: () => Date; tickMs: number }) {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = async () => {
    for (const job of options.jobs) {
      if (stopped) return;
      const now = options.now();
      try {
        if (!(await claimTurn(options.db, job.name, job.everyMs, now))) continue;
        await job.run(now);
        options.logger.info({ job: job.name }, "scheduled job done");
      } catch (error) {
        options.logger.error({ err: error, job: job.name }, "scheduled job failed");
      }
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick);
  }, options.tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
