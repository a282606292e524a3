import type { FastifyInstance } from "fastify";

/**
 * Runs `run` every `seconds` in this process (0: never). A run still going when the next tick comes
 * is not doubled; closing the app stops the timer and waits for the run under way. Failures are
 * logged under the job's name and the next tick tries again.
 */
export function scheduleJob(app: FastifyInstance, name: string, seconds: number, run: () => Promise<void>): void {
  if (seconds <= 0) return;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((err: unknown) => app.log.error({ err, job: name }, `${name} job failed`))
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
