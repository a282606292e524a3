import type { FastifyInstance } from "fastify";
import { runRenewals } from "./renewals.ts";

/**
 * Runs the renewal job every `seconds` in this process (0: never). A run still going when the next
 * tick comes is not doubled; closing the app stops the timer and waits for the run under way.
 * Several processes may each run it: claims keep them off each other's subscriptions.
 */
export function scheduleRenewals(app: FastifyInstance, seconds: number): void {
  if (seconds <= 0) return;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runRenewals(app, app.services.clock.now())
      .then((report) => {
        if (report.claimed > 0) app.log.info({ renewals: report }, "renewal job ran");
      })
      .catch((err: unknown) => app.log.error({ err }, "renewal job failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
