import type { FastifyInstance } from "fastify";
import { refundDepsOf, refundDuplicatePayments } from "../duplicate-payments.ts";
import { runRenewals } from "./renewals.ts";
import { scheduleJob } from "#server/jobs/schedule.ts";

/**
 * Runs the renewal job every `seconds` in this process (0: never), then retries the refunds of
 * duplicate payments. Several processes may each run it: claims keep them off each other's
 * subscriptions, and a refund is idempotent at the provider and moved once in the database.
 */
export function scheduleRenewals(app: FastifyInstance, seconds: number): void {
  scheduleJob(app, "renewal", seconds, async () => {
    const report = await runRenewals(app, app.services.clock.now());
    if (report.claimed > 0 || report.reminded > 0 || report.renewalReminders > 0) app.log.info({ renewals: report }, "renewal job ran");
    // Duplicate payments whose refund the provider did not take yet (a timeout, a restart).
    await refundDuplicatePayments(refundDepsOf(app), app.services.clock.now());
  });
}
