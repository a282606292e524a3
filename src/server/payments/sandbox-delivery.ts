import type { FastifyBaseLogger } from "fastify";
import type { SignedNotification } from "./sandbox-notifications.ts";

/**
 * Posts sandbox notifications to our own webhook over real HTTP, as the provider would: now, or
 * after a delay in the background. Pending ones are waited for (or dropped, if not yet due) at close.
 */
export function createSandboxDelivery(appOrigin: string, fetchImpl: typeof fetch, log: FastifyBaseLogger) {
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();

  async function deliver(n: SignedNotification): Promise<number | null> {
    try {
      const res = await fetchImpl(`${appOrigin}/api/webhooks/${n.provider}`, {
        method: "POST",
        headers: n.headers,
        body: new Uint8Array(n.body),
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status !== 200) log.warn({ provider: n.provider, status: res.status }, "sandbox notification was not accepted");
      return res.status;
    } catch (err) {
      log.error({ err, provider: n.provider, appOrigin }, "sandbox could not deliver its notification (is APP_ORIGIN this server?)");
      return null;
    }
  }

  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return p;
  };

  return {
    /** Delivers and waits for our webhook's answer (its HTTP status, or null when unreachable). */
    now: (n: SignedNotification) => track(deliver(n)),
    later(n: SignedNotification, delayMs: number): void {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void track(deliver(n));
      }, delayMs);
      timers.add(timer);
    },
    async close(): Promise<void> {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([...pending]);
    },
  };
}
