import type { FastifyBaseLogger } from "fastify";
import type { SignedNotification } from "./sandbox-notifications.ts";

/** How long the sandbox waits for our webhook's answer to one attempt. */
const SANDBOX_ATTEMPT_TIMEOUT_MS = 15_000;
/**
 * When the sandbox tries again after an attempt that was not answered 200 (a failure, a timeout,
 * any other status), counted from that attempt's end. PayPro retries every 30 minutes, at most 3
 * times (PayPro Global's webhook (IPN) documentation,
 * https://developers.payproglobal.com/docs/integrate-with-paypro-global/webhook-ipn/); the sandbox
 * retries the same 3 times, seconds apart, so a payment that met a busy server is still paid while
 * its visitor waits on the order page (ADR 040). Each retry is the same signed bytes, as a provider's retry is.
 */
const SANDBOX_RETRY_DELAYS_MS = [5_000, 10_000, 20_000] as const;

type Options = { attemptTimeoutMs?: number; retryDelaysMs?: readonly number[] };

/**
 * Posts sandbox notifications to our own webhook over real HTTP, as the provider would: now, or
 * after a delay in the background; an attempt our webhook did not acknowledge is retried on the
 * schedule above. Pending deliveries are waited for at close; retries not yet due are dropped.
 */
export function createSandboxDelivery(appOrigin: string, fetchImpl: typeof fetch, log: FastifyBaseLogger, options: Options = {}) {
  const attemptTimeoutMs = options.attemptTimeoutMs ?? SANDBOX_ATTEMPT_TIMEOUT_MS;
  const retryDelaysMs = options.retryDelaysMs ?? SANDBOX_RETRY_DELAYS_MS;
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();
  let closed = false;

  /** One POST; our webhook's HTTP status, or null when it did not answer in time or at all. */
  async function attempt(n: SignedNotification, number: number): Promise<number | null> {
    try {
      const res = await fetchImpl(`${appOrigin}/api/webhooks/${n.provider}`, {
        method: "POST",
        headers: n.headers,
        body: new Uint8Array(n.body),
        signal: AbortSignal.timeout(attemptTimeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status !== 200) log.warn({ provider: n.provider, status: res.status, attempt: number }, "sandbox notification was not accepted");
      return res.status;
    } catch (err) {
      log.warn({ err, provider: n.provider, appOrigin, attempt: number }, "sandbox could not deliver its notification (is APP_ORIGIN this server?)");
      return null;
    }
  }

  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return p;
  };

  const schedule = (run: () => void, delayMs: number) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, delayMs);
    timers.add(timer);
  };

  /** Attempt `number` (0 = the first); on anything but 200, the next retry is scheduled. */
  async function deliver(n: SignedNotification, number = 0): Promise<number | null> {
    const status = await attempt(n, number);
    if (status === 200) return status;
    const delay = retryDelaysMs[number];
    if (delay === undefined) log.error({ provider: n.provider, attempts: number + 1 }, "sandbox gave up on a notification our webhook never acknowledged");
    else schedule(() => void track(deliver(n, number + 1)), delay);
    return status;
  }

  return {
    /** Delivers and waits for our webhook's first answer (its HTTP status, or null when unreachable); retries follow in the background. */
    now: (n: SignedNotification) => track(deliver(n)),
    later(n: SignedNotification, delayMs: number): void {
      schedule(() => void track(deliver(n)), delayMs);
    },
    /** Deliveries under way or waiting for their retry. */
    outstanding: () => pending.size + timers.size,
    async close(): Promise<void> {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([...pending]);
    },
  };
}
