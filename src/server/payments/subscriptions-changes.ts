import { count, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { customers, subscriptionActions, subscriptions } from "../db/schema.ts";
import { HttpError } from "../errors.ts";
import { queueMail } from "../mail/mail-queue.ts";
import type { Message } from "../mail/mailer.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { subscriptionCancelledEmail } from "../mail/templates/subscription-cancelled.ts";
import { subscriptionDiscountEmail } from "../mail/templates/subscription-discount.ts";
import { subscriptionPausedEmail } from "../mail/templates/subscription-paused.ts";
import { subscriptionRestartedEmail } from "../mail/templates/subscription-restarted.ts";
import type { Clock } from "../platform/clock.ts";
import { ownedSubscription, subscriptionViewOf, type SubscriptionView, type SubscriptionWithPlan } from "./subscriptions.ts";
import { discounted } from "./money.ts";
import { pauseEnd, periodWords } from "#schemas/content/billing-dates.ts";
import type { SubscriptionProvider, SubscriptionRow } from "./subscriptions-provider.ts";

export type ChangeDeps = {
  db: Db;
  clock: Clock;
  provider: SubscriptionProvider;
  /** Kicked after a change that queued its e-mail committed. */
  mail: Pick<MailSender, "kick">;
  log: FastifyBaseLogger;
  appOrigin: string;
  discountPercents: readonly number[];
};

type Kind = "pause" | "discount" | "cancel" | "restart";

/** What a change does: the new columns, what to record, the provider call, the e-mail. */
type Plan = {
  patch: Partial<typeof subscriptions.$inferInsert>;
  params: Record<string, unknown>;
  callProvider(key: string): Promise<{ ref: string | null }>;
  /** Left out when another e-mail tells the customer (the account's deletion sends one goodbye). */
  mail?(to: Recipient, after: SubscriptionRow): Message;
};

/** Who a change's e-mail goes to, and the time zone its dates are written in. */
type Recipient = { email: string; timeZone: string | null };

const conflict = (code: string, message: string) => new HttpError(409, code, message);

/** A client's Idempotency-Key header: 8–100 visible characters; anything else is a 400. */
export function clientIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== "string" || !/^[A-Za-z0-9_.:-]{8,100}$/.test(value)) {
    throw new HttpError(400, "invalid_idempotency_key", "headers.idempotency-key: use 8–100 letters, digits, - _ . or :");
  }
  return value;
}

/**
 * The action's idempotency key: sub + kind + the client's key, or else + the state version the
 * request saw (actions so far and the last update), so a double click maps to one key.
 */
async function idempotencyKey(db: Db, sub: SubscriptionRow, kind: Kind, clientKey: string | undefined) {
  if (clientKey) return `${sub.id}:${kind}:client:${clientKey}`;
  const [row] = await db.select({ n: count() }).from(subscriptionActions).where(eq(subscriptionActions.subscriptionId, sub.id));
  return `${sub.id}:${kind}:v${row?.n ?? 0}-${sub.updatedAt.getTime()}`;
}

/**
 * Applies one change to one of the customer's subscriptions: 404 for anyone else's; under a row
 * lock, a repeated key answers the current state and does nothing; else the rules, one provider
 * call, one `subscription_actions` row, the new state and the e-mail (queued in the outbox, keyed by
 * the action) commit together; a change rolled back sends nothing.
 */
async function change(
  deps: ChangeDeps,
  customerId: string,
  subId: string,
  kind: Kind,
  clientKey: string | undefined,
  decide: (sub: SubscriptionRow, now: Date, withPlan: SubscriptionWithPlan) => Plan | "unchanged",
): Promise<SubscriptionView> {
  const { db, clock } = deps;
  const seen = await ownedSubscription(db, customerId, subId);
  const key = await idempotencyKey(db, seen.sub, kind, clientKey);

  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subId)).for("update");
    if (!locked) throw new HttpError(404, "not_found", "Subscription not found");
    const [done] = await tx.select({ id: subscriptionActions.id }).from(subscriptionActions).where(eq(subscriptionActions.idempotencyKey, key));
    if (done) return { sub: locked, plan: null };
    const now = clock.now();
    const plan = decide(locked, now, { ...seen, sub: locked });
    if (plan === "unchanged") return { sub: locked, plan: null };
    let ref: string | null;
    try {
      ({ ref } = await plan.callProvider(key));
    } catch (err) {
      deps.log.error({ err, subscriptionId: subId, kind }, "provider call failed; subscription unchanged");
      throw new HttpError(502, "provider_unavailable", "The payment provider did not answer, so nothing was changed. Please try again.");
    }
    await tx.insert(subscriptionActions).values({ subscriptionId: subId, kind, idempotencyKey: key, params: plan.params, providerRef: ref });
    const [after] = await tx
      .update(subscriptions)
      .set({ ...plan.patch, updatedAt: now })
      .where(eq(subscriptions.id, subId))
      .returning();
    const [customer] = await tx.select({ email: customers.email, timeZone: customers.timeZone }).from(customers).where(eq(customers.id, customerId));
    if (customer && plan.mail) await queueMail(tx, `subscription-${kind}`, plan.mail(customer, after!), { dedupeKey: `mail:${key}` });
    return { sub: after!, plan };
  });

  if (outcome.plan) deps.mail.kick();
  return subscriptionViewOf({ ...seen, sub: outcome.sub }, deps.discountPercents);
}

const mailBase = (deps: ChangeDeps, s: SubscriptionWithPlan, to: Recipient) => ({
  to: to.email,
  appOrigin: deps.appOrigin,
  planName: s.planName,
  currency: s.sub.currency,
  timeZone: to.timeZone,
});

/** Pause billing for 1–3 months: the next charge moves by that much; access runs to the end of the paid period. */
export function pauseSubscription(deps: ChangeDeps, customerId: string, subId: string, months: number, clientKey?: string) {
  return change(deps, customerId, subId, "pause", clientKey, (sub, _now, s) => {
    if (sub.status === "paused") throw conflict("already_paused", "This subscription is already paused");
    if (sub.status !== "active" || !sub.nextChargeAt) throw conflict("not_active", `A ${sub.status} subscription cannot be paused`);
    const resumesAt = pauseEnd(sub.nextChargeAt, months);
    return {
      patch: { status: "paused", pausedUntil: resumesAt, nextChargeAt: resumesAt },
      params: { months, from: sub.nextChargeAt.toISOString(), until: resumesAt.toISOString() },
      callProvider: (key) => deps.provider.pause(sub, resumesAt, key),
      mail: (to, after) =>
        subscriptionPausedEmail({
          ...mailBase(deps, s, to),
          months,
          accessUntil: after.currentPeriodEnd,
          resumesAt,
          nextAmount: discounted(after.renewalAmount, after.discountPercent),
        }),
    };
  });
}

/** A retention discount on every future renewal, once per subscription, at a configured percent. */
export function discountSubscription(deps: ChangeDeps, customerId: string, subId: string, percent: number, clientKey?: string) {
  if (!deps.discountPercents.includes(percent)) {
    throw new HttpError(400, "percent_not_allowed", `body.percent: the discount can be ${deps.discountPercents.join("% or ")}%`);
  }
  return change(deps, customerId, subId, "discount", clientKey, (sub, now, s) => {
    if (sub.discountAppliedAt) throw conflict("discount_used", "This subscription already had its discount");
    if (sub.status !== "active" && sub.status !== "paused") throw conflict("not_active", `A ${sub.status} subscription cannot get a discount`);
    return {
      patch: { discountPercent: percent, discountAppliedAt: now },
      params: { percent, regular_amount: sub.renewalAmount },
      callProvider: (key) => deps.provider.applyDiscount(sub, percent, key),
      mail: (to, after) =>
        subscriptionDiscountEmail({
          ...mailBase(deps, s, to),
          percent,
          regularAmount: after.renewalAmount,
          newAmount: discounted(after.renewalAmount, percent),
          nextChargeAt: after.nextChargeAt,
        }),
    };
  });
}

/**
 * Cancel: no further charges, access to the end of the paid period; cancelling again changes
 * nothing. `withMail: false` sends no "plan cancelled" e-mail (a deleted account gets one goodbye).
 */
export function cancelSubscription(
  deps: ChangeDeps,
  customerId: string,
  subId: string,
  reason: string | null,
  clientKey?: string,
  { withMail = true }: { withMail?: boolean } = {},
) {
  return change(deps, customerId, subId, "cancel", clientKey, (sub, now, s) => {
    if (sub.status === "cancelled" || sub.status === "ended") return "unchanged";
    const mail = (to: Recipient, after: SubscriptionRow) =>
      subscriptionCancelledEmail({ ...mailBase(deps, s, to), cancelledAt: now, accessUntil: after.currentPeriodEnd });
    return {
      patch: { status: "cancelled", cancelledAt: now, cancelReason: reason, nextChargeAt: null, pausedUntil: null },
      params: { reason, from_status: sub.status, access_until: sub.currentPeriodEnd.toISOString() },
      callProvider: (key) => deps.provider.cancel(sub, reason, key),
      ...(withMail ? { mail } : {}),
    };
  });
}

/**
 * Restart a cancelled plan while its paid time runs: renewals start again at the end of the paid
 * period, at the renewal price (and any discount) it had; nothing is charged now. Once the paid time
 * is over the plan cannot be restarted (409 `plan_ended`): it is bought again with a new checkout.
 * Restarting a plan that runs changes nothing.
 */
export function restartSubscription(deps: ChangeDeps, customerId: string, subId: string, clientKey?: string) {
  return change(deps, customerId, subId, "restart", clientKey, (sub, now, s) => {
    if (sub.status === "active" || sub.status === "paused" || sub.status === "past_due") return "unchanged";
    if (sub.status !== "cancelled" || sub.currentPeriodEnd <= now) {
      throw conflict("plan_ended", "The paid time of this plan is over, so it cannot be restarted. Choose the plan again to start a new one.");
    }
    const nextChargeAt = sub.currentPeriodEnd;
    return {
      patch: { status: "active", cancelledAt: null, cancelReason: null, nextChargeAt, pausedUntil: null },
      params: { cancelled_at: sub.cancelledAt?.toISOString() ?? null, next_charge_at: nextChargeAt.toISOString() },
      callProvider: (key) => deps.provider.restart(sub, key),
      mail: (to, after) =>
        subscriptionRestartedEmail({
          ...mailBase(deps, s, to),
          nextChargeAt,
          nextAmount: discounted(after.renewalAmount, after.discountPercent),
          period: `every ${periodWords[s.period]}`,
        }),
    };
  });
}
