import type { FastifyInstance } from "fastify";
import { runRenewals } from "./renewals.ts";
import { scheduleJob } from "./schedule.ts";

/**
 * Runs the renewal job every `seconds` in this process (0: never). Several processes may each run
 * it: claims keep them off each other's subscriptions.
 */
export function scheduleRenewals(app: FastifyInstance, seconds: number): void {
  scheduleJob(app, "renewal", seconds, async () => {
    const report = await runRenewals(app, app.services.clock.now());
    if (report.claimed > 0) app.log.info({ renewals: report }, "renewal job ran");
  });
}
