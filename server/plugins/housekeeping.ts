/**
 * Clean-up that keeps tables from growing forever: expired sessions, sign-in counters and
 * abandoned single sign-on flows. Runs hourly in each app process; the deletes are idempotent,
 * so several servers running them at once is harmless.
 */
import type { FastifyInstance } from 'fastify';

export type HousekeepingJob = { name: string; run: () => Promise<unknown> };

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export function registerHousekeeping(app: FastifyInstance, jobs: HousekeepingJob[]) {
  let timer: NodeJS.Timeout | undefined;
  const runAll = async () => {
    for (const job of jobs) {
      await job.run().catch((error) => app.log.warn({ err: error }, `${job.name} failed`));
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(runAll, HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
