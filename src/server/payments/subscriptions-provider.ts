import type { subscriptions } from "../db/schema.ts";
import type { OperationResult, PaymentProvider, ProviderCode } from "./provider.ts";
import type { PaymentProviders } from "./registry.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What a provider answers to a renewal charge. A thrown error means "outcome unknown": retry later with the same key. */
export type ChargeResult = { ok: true; ref: string } | { ok: false; ref: string | null; reason: string };

/**
 * The subscription operations the subscription calls and the renewal job use, on top of the payments
 * core's provider interface (src/server/payments/provider.ts), chosen per subscription by its
 * `provider`. Every call carries an idempotency key: the same key twice must not charge (or change)
 * twice, and answers as the first call did.
 */
export type SubscriptionProvider = {
  charge(subscription: SubscriptionRow, amount: number, idempotencyKey: string, description?: string): Promise<ChargeResult>;
  pause(subscription: SubscriptionRow, resumesAt: Date, idempotencyKey: string): Promise<{ ref: string | null }>;
  applyDiscount(subscription: SubscriptionRow, percent: number, idempotencyKey: string): Promise<{ ref: string | null }>;
  cancel(subscription: SubscriptionRow, reason: string | null, idempotencyKey: string): Promise<{ ref: string | null }>;
  restart(subscription: SubscriptionRow, idempotencyKey: string): Promise<{ ref: string | null }>;
  /** Providers that charge renewals on their own schedule (the job leaves those charges to them). */
  selfRenewing(): ProviderCode[];
};

/** Our retention discount applies to every future renewal; PayPro wants a number of payments. */
const DISCOUNT_CYCLES_FOREVER = 999;

/** One charge the sandbox made (a repeated key adds nothing). */
type SandboxCharge = { subscriptionId: string; amount: number; currency: string; idempotencyKey: string; ok: boolean };

/**
 * The subscription side of the payment providers. A change the provider refuses, or a provider that
 * is not configured, throws (the call answers 502 and nothing changes; the job retries later).
 * In sandbox mode it also keeps a ledger of the charges made and declines a bill token starting with
 * `decline`, like a test card, and the next charge of a subscription marked on the sandbox payments
 * page, so the dunning path can be tried locally (kept in this process: a restart forgets a mark).
 */
export function createSubscriptionProvider(payments: PaymentProviders) {
  const sandboxAnswers = new Map<string, ChargeResult>();
  const failNext = new Set<string>();
  const charges: SandboxCharge[] = [];
  const usable = (code: ProviderCode): PaymentProvider => {
    const provider = payments.get(code);
    if (provider.mode === "unconfigured") throw new Error(`${code} is not configured`);
    return provider;
  };
  const changed = (operation: string, result: OperationResult): { ref: string } => {
    if (!result.ok) throw new Error(`${operation} refused by the provider: ${result.reason}`);
    return { ref: result.reference };
  };

  const subscriptionProvider: SubscriptionProvider & {
    charges: SandboxCharge[];
    failNextRenewal(subscriptionId: string): void;
    failsNextRenewal(subscriptionId: string): boolean;
  } = {
    charges,
    /** Sandbox only (the sandbox payments page): the next renewal charge of this subscription is declined, as a bad card would be. */
    failNextRenewal: (subscriptionId) => void failNext.add(subscriptionId),
    failsNextRenewal: (subscriptionId) => failNext.has(subscriptionId),
    async charge(subscription, amount, idempotencyKey, description = "Pathwise plan renewal") {
      const provider = usable(subscription.provider);
      const sandbox = provider.mode === "sandbox";
      if (sandbox) {
        const known = sandboxAnswers.get(idempotencyKey);
        if (known) return known;
      }
      // A test token, or "fail the next renewal" pressed on the sandbox payments page (once).
      const declined = sandbox && ((subscription.billToken ?? "").startsWith("decline") || failNext.delete(subscription.id));
      const result: OperationResult = declined
        ? { ok: false, reason: "Card declined (sandbox test token)", retryable: false }
        : await provider.charge(subscription, { amount, currency: subscription.currency, description }, idempotencyKey);
      // A temporary failure leaves the outcome open: the caller retries later with the same key.
      if (!result.ok && result.retryable) throw new Error(`renewal charge not settled: ${result.reason}`);
      const answer: ChargeResult = result.ok ? { ok: true, ref: result.reference } : { ok: false, ref: null, reason: result.reason };
      if (sandbox) {
        sandboxAnswers.set(idempotencyKey, answer);
        charges.push({ subscriptionId: subscription.id, amount, currency: subscription.currency, idempotencyKey, ok: answer.ok });
      }
      return answer;
    },
    async pause(subscription, resumesAt, idempotencyKey) {
      return changed("pause", await usable(subscription.provider).pause(subscription, resumesAt, idempotencyKey));
    },
    async applyDiscount(subscription, percent, idempotencyKey) {
      const discount = { percent, cycles: DISCOUNT_CYCLES_FOREVER };
      return changed("discount", await usable(subscription.provider).applyDiscount(subscription, discount, idempotencyKey));
    },
    async cancel(subscription, reason, idempotencyKey) {
      return changed("cancel", await usable(subscription.provider).cancel(subscription, reason, idempotencyKey));
    },
    async restart(subscription, idempotencyKey) {
      return changed("restart", await usable(subscription.provider).restart(subscription, idempotencyKey));
    },
    // PayPro has no merchant-initiated charge API: live, it renews by itself and tells us by IPN.
    selfRenewing: () =>
      payments
        .all()
        .filter((p) => p.code === "pay_pro" && p.mode === "live")
        .map((p) => p.code),
  };
  return subscriptionProvider;
}

type AppSubscriptionProvider = ReturnType<typeof createSubscriptionProvider>;

declare module "fastify" {
  interface FastifyInstance {
    /** Charges renewals and mirrors pause / discount / cancel at the payment provider. */
    subscriptionProvider: AppSubscriptionProvider;
  }
}
