import type { FastifyBaseLogger } from "fastify";

/**
 * The loop an outbox's sender runs (mail, conversions): it polls every `intervalSeconds`, runs at
 * once when kicked after a commit, and on `drain()`. One pass at a time; a kick or drain during a
 * pass runs another right after it. A pass that throws is logged and its rows wait for the next.
 */
export function createOutboxWorker(intervalSeconds: number, pass: (log: FastifyBaseLogger | null) => Promise<void>, failedMessage: string) {
  let log: FastifyBaseLogger | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  function run(): Promise<void> {
    running ??= (async () => {
      try {
        do {
          again = false;
          await pass(log);
        } while (again);
      } catch (err) {
        log?.error({ err }, failedMessage);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Starts polling (and delivers what a previous process left behind). */
  function start(logger: FastifyBaseLogger): void {
    log = logger;
    stopped = false;
    if (intervalSeconds > 0 && !timer) {
      timer = setInterval(() => void run(), intervalSeconds * 1000);
      timer.unref();
    }
    void run();
  }

  /** After a transaction that queued rows committed: deliver now, without making the caller wait. */
  function kick(): void {
    if (stopped) return;
    if (running) again = true;
    else void run();
  }

  /** Delivers everything due now and waits for it (tests, shutdown). Rows that failed wait for their retry. */
  async function drain(): Promise<void> {
    if (running) {
      again = true;
      await running;
    } else {
      await run();
    }
  }

  /** Stops polling and kicks, then drains. */
  async function stop(): Promise<void> {
    stopped = true;
    if (timer) clearInterval(timer);
    timer = null;
    await drain();
  }

  return { start, kick, drain, stop };
}
