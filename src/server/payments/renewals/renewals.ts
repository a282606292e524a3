import { and, eq, inArray, isNull, lte, notInArray, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { customers, orders, products, subscriptionActions, subscriptions } from "#server/db/schema.ts";
import { queueMail, type MailKind } from "#server/mail/mail-queue.ts";
import type { Message } from "#server/mail/mailer.ts";
import { subscriptionPaymentFailedEmail } from "#server/mail/templates/subscription-payment-failed.ts";
import { subscriptionRenewedEmail } from "#server/mail/templates/subscription-renewed.ts";
import { sendPauseReminders } from "./pause-reminders.ts";
import { sendRenewalReminders } from "./renewal-reminders.ts";
import type { RenewalDeps } from "./renewal-deps.ts";
import { discounted } from "../money.ts";
import { addPeriod } from "#schemas/content/billing-dates.ts";
import type { ProviderCode } from "../provider.ts";
import type { SubscriptionRow } from "../subscriptions-provider.ts";

/** How long a run owns a subscription it claimed; a crashed run's claim lapses after this. */
export const CLAIM_SECONDS = 300;
/** Days from a failed renewal charge to the next try; the failure after the last one ends the subscription. */
const RETRY_AFTER_DAYS = [1, 3, 5] as const;
export const MAX_FAILED_ATTEMPTS = RETRY_AFTER_DAYS.length + 1;
const BATCH = 50;

/** `reminded`: pause-end reminders; `renewalReminders`: reminders before a trial ends or a long plan renews. */
export type RenewalReport = {
  claimed: number;
  charged: number;
  declined: number;
  resumed: number;
  ended: number;
  failed: number;
  reminded: number;
  renewalReminders: number;
};

const renewalDepsOf = (app: FastifyInstance): RenewalDeps => ({
  db: app.services.db,
  provider: app.subscriptionProvider,
  mail: app.services.mail,
  conversions: app.services.conversions,
  log: app.log,
  appOrigin: app.services.env.APP_ORIGIN,
  reminders: app.services.renewalReminders,
});

/** Rows the job has work on at `now`, whose claim (if any) has lapsed. */
const due = (now: Date, selfRenewing: readonly ProviderCode[]) =>
  and(
    or(isNull(subscriptions.renewalClaimedUntil), lte(subscriptions.renewalClaimedUntil, now)),
    or(
      and(
        inArray(subscriptions.status, ["active", "past_due"]),
        lte(subscriptions.nextChargeAt, now),
        selfRenewing.length > 0 ? notInArray(subscriptions.provider, [...selfRenewing]) : undefined,
      ),
      and(eq(subscriptions.status, "paused"), lte(subscriptions.pausedUntil, now)),
      and(eq(subscriptions.status, "cancelled"), lte(subscriptions.currentPeriodEnd, now)),
    ),
  );

/**
 * Claims up to `limit` due subscriptions in one statement: the inner SELECT … FOR UPDATE SKIP LOCKED
 * keeps concurrent runs off each other's rows, and the outer condition is re-checked on rows another
 * run just claimed, so every row goes to exactly one run until its claim lapses.
 */
async function claimDue(db: Db, now: Date, selfRenewing: readonly ProviderCode[] = [], limit = BATCH): Promise<{ id: string; claimedUntil: Date }[]> {
  const claimedUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const candidates = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(due(now, selfRenewing))
    .orderBy(subscriptions.nextChargeAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(subscriptions)
    .set({ renewalClaimedUntil: claimedUntil })
    .where(and(inArray(subscriptions.id, candidates), due(now, selfRenewing)))
    .returning({ id: subscriptions.id });
  return rows.map((r) => ({ id: r.id, claimedUntil }));
}

/**
 * One run of the renewal job: charges due subscriptions, resumes paused ones whose pause is over,
 * ends cancelled ones whose paid period is over, reminds customers a week before a pause ends, and
 * before a trial ends or a plan longer than a month renews (renewal-reminders.ts). Safe to run from
 * several processes at once.
 */
export async function runRenewals(source: FastifyInstance | RenewalDeps, now: Date): Promise<RenewalReport> {
  const deps = "services" in source ? renewalDepsOf(source) : source;
  const report: RenewalReport = { claimed: 0, charged: 0, declined: 0, resumed: 0, ended: 0, failed: 0, reminded: 0, renewalReminders: 0 };
  for (let round = 0; round < 100; round++) {
    const claimed = await claimDue(deps.db, now, deps.provider.selfRenewing());
    if (claimed.length === 0) break;
    report.claimed += claimed.length;
    for (const claim of claimed) {
      try {
        await renewOne(deps, claim.id, claim.claimedUntil, now, report);
      } catch (err) {
        // The outcome may be unknown (a provider timeout): the claim stays, lapses, and the next run
        // retries with the same idempotency key, so the provider never charges twice.
        report.failed += 1;
        deps.log.error({ err, subscriptionId: claim.id }, "renewal failed; retried when the claim lapses");
      }
    }
    if (claimed.length < BATCH) break;
  }
  try {
    report.reminded = await sendPauseReminders(deps, now);
  } catch (err) {
    deps.log.error({ err }, "pause reminders failed; tried again on the next run");
  }
  try {
    report.renewalReminders = await sendRenewalReminders(deps, now);
  } catch (err) {
    deps.log.error({ err }, "renewal reminders failed; tried again on the next run");
  }
  return report;
}

/** Conditions that hold only while this run's claim on the row is the current one. */
const ours = (id: string, claimedUntil: Date) => and(eq(subscriptions.id, id), eq(subscriptions.renewalClaimedUntil, claimedUntil));

async function renewOne(deps: RenewalDeps, id: string, claimedUntil: Date, now: Date, report: RenewalReport) {
  const { db } = deps;
  const [row] = await db.select().from(subscriptions).where(ours(id, claimedUntil));
  if (!row) return;
  let sub = row;

  if (sub.status === "cancelled") {
    await db.transaction(async (tx) => {
      await tx
        .insert(subscriptionActions)
        .values({ subscriptionId: id, kind: "end", idempotencyKey: `${id}:end`, params: { reason: "cancelled" } })
        .onConflictDoNothing();
      await tx
        .update(subscriptions)
        .set({ status: "ended", endedAt: now, nextChargeAt: null, renewalClaimedUntil: null, updatedAt: now })
        .where(and(ours(id, claimedUntil), eq(subscriptions.status, "cancelled")));
    });
    report.ended += 1;
    return;
  }

  if (sub.status === "paused" && sub.pausedUntil && sub.pausedUntil <= now) {
    const pausedUntil = sub.pausedUntil;
    const resumed = await db.transaction(async (tx) => {
      await tx
        .insert(subscriptionActions)
        .values({
          subscriptionId: id,
          kind: "resume",
          idempotencyKey: `${id}:resume:${pausedUntil.toISOString()}`,
          params: { paused_until: pausedUntil.toISOString() },
        })
        .onConflictDoNothing();
      const [after] = await tx
        .update(subscriptions)
        .set({ status: "active", pausedUntil: null, updatedAt: now })
        .where(and(ours(id, claimedUntil), eq(subscriptions.status, "paused")))
        .returning();
      return after;
    });
    if (!resumed) return;
    report.resumed += 1;
    sub = resumed;
  }

  if ((sub.status === "active" || sub.status === "past_due") && sub.nextChargeAt && sub.nextChargeAt <= now) {
    await chargeRenewal(deps, sub, claimedUntil, now, report);
    return;
  }
  await db.update(subscriptions).set({ renewalClaimedUntil: null }).where(ours(id, claimedUntil));
}

/**
 * Charges one renewal. The key is (subscription, period being renewed, attempt): the action row and
 * the pending renewal order are committed before the provider is called, so a run that dies after
 * the charge leaves them behind, and the next run calls the provider again with the same key, which
 * answers with the first charge instead of making a second.
 */
async function chargeRenewal(deps: RenewalDeps, sub: SubscriptionRow, claimedUntil: Date, now: Date, report: RenewalReport) {
  const { db } = deps;
  const attempt = sub.failedAttempts + 1;
  const key = `${sub.id}:renewal:${sub.currentPeriodEnd.toISOString()}:${attempt}`;

  const pending = await db.transaction(async (tx) => {
    const orderId = randomUUID();
    const amount = discounted(sub.renewalAmount, sub.discountPercent);
    const [created] = await tx
      .insert(subscriptionActions)
      .values({
        subscriptionId: sub.id,
        kind: "renewal",
        idempotencyKey: key,
        params: { order_id: orderId, amount, currency: sub.currency, attempt, status: "charging" },
      })
      .onConflictDoNothing()
      .returning({ params: subscriptionActions.params });
    if (created) {
      await tx.insert(orders).values({
        id: orderId,
        customerId: sub.customerId,
        productId: sub.productId,
        provider: sub.provider,
        kind: "renewal",
        subscriptionId: sub.id,
        currency: sub.currency,
        amount,
        status: "pending",
      });
      return { orderId, amount };
    }
    // A run that died mid-charge left these behind: carry on with its order and amount.
    const [left] = await tx.select({ params: subscriptionActions.params }).from(subscriptionActions).where(eq(subscriptionActions.idempotencyKey, key));
    return { orderId: String(left!.params.order_id), amount: Number(left!.params.amount) };
  });

  const [period] = await db.select({ period: products.period, name: products.name }).from(products).where(eq(products.id, sub.productId));
  const result = await deps.provider.charge(sub, pending.amount, key, `${period!.name} renewal`);

  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(subscriptions).where(ours(sub.id, claimedUntil)).for("update");
    if (!locked || locked.currentPeriodEnd.getTime() !== sub.currentPeriodEnd.getTime() || locked.failedAttempts !== sub.failedAttempts) {
      return null; // another run finished this renewal after our claim lapsed
    }
    await tx
      .update(subscriptionActions)
      .set({
        providerRef: result.ref,
        params: {
          order_id: pending.orderId,
          amount: pending.amount,
          currency: sub.currency,
          attempt,
          status: result.ok ? "paid" : "declined",
          ...(result.ok ? {} : { reason: result.reason }),
        },
      })
      .where(eq(subscriptionActions.idempotencyKey, key));
    await tx
      .update(orders)
      .set({ status: result.ok ? "paid" : "declined", providerOrderId: result.ref, paidAt: result.ok ? now : null, updatedAt: now })
      .where(and(eq(orders.id, pending.orderId), eq(orders.status, "pending")));

    if (result.ok) {
      // On schedule, the new period starts where the last one (or the pause) ended; after failed tries, now.
      const start = locked.status === "past_due" ? now : new Date(Math.max(locked.currentPeriodEnd.getTime(), sub.nextChargeAt!.getTime()));
      const end = addPeriod(start, period!.period);
      const patch =
        locked.status === "cancelled"
          ? {} // cancelled while the charge was under way: the period is paid for, nothing more is charged
          : locked.status === "paused"
            ? { nextChargeAt: maxDate(locked.nextChargeAt, end), pausedUntil: maxDate(locked.pausedUntil, end) }
            : { status: "active" as const, nextChargeAt: end };
      const [after] = await tx
        .update(subscriptions)
        .set({ ...patch, currentPeriodStart: start, currentPeriodEnd: end, failedAttempts: 0, renewalClaimedUntil: null, updatedAt: now })
        .where(eq(subscriptions.id, sub.id))
        .returning();
      await queueRenewalMail(tx, deps, sub, period!.name, "subscription-renewed", key, (base) =>
        subscriptionRenewedEmail({ ...base, amount: pending.amount, periodEnd: after!.currentPeriodEnd, orderId: pending.orderId }),
      );
      await deps.conversions.queue.order(tx, "subscription_renewed", pending.orderId, now);
      return { ok: true as const, after: after! };
    }

    const failed = locked.failedAttempts + 1;
    const retryDays = RETRY_AFTER_DAYS[failed - 1];
    const patch =
      locked.status === "cancelled" || locked.status === "paused"
        ? {}
        : retryDays === undefined
          ? { status: "ended" as const, endedAt: now, nextChargeAt: null }
          : { status: "past_due" as const, nextChargeAt: new Date(now.getTime() + retryDays * 86_400_000) };
    const [after] = await tx
      .update(subscriptions)
      .set({ ...patch, failedAttempts: failed, renewalClaimedUntil: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    await queueRenewalMail(tx, deps, sub, period!.name, "subscription-payment-failed", key, (base) =>
      subscriptionPaymentFailedEmail({ ...base, amount: pending.amount, retryAt: after!.status === "past_due" ? after!.nextChargeAt : null }),
    );
    return { ok: false as const, after: after! };
  });
  if (!outcome) return;

  if (outcome.ok) report.charged += 1;
  else report.declined += 1;
  deps.mail.kick();
  deps.conversions.kick();
}

type MailBase = { to: string; appOrigin: string; planName: string; currency: string; timeZone: string | null };

/**
 * The renewal's receipt or its failure notice, queued in the transaction that records the charge's
 * outcome: a run that dies after that commit has already queued it, one that dies before will
 * record the outcome (and queue it) on its next try. Keyed by the charge's key: one per attempt.
 */
async function queueRenewalMail(
  tx: Db,
  deps: RenewalDeps,
  sub: SubscriptionRow,
  planName: string,
  kind: MailKind,
  chargeKey: string,
  render: (base: MailBase) => Message,
) {
  const [customer] = await tx.select({ email: customers.email, timeZone: customers.timeZone }).from(customers).where(eq(customers.id, sub.customerId));
  if (!customer) return;
  const message = render({ to: customer.email, appOrigin: deps.appOrigin, planName, currency: sub.currency, timeZone: customer.timeZone });
  await queueMail(tx, kind, message, { dedupeKey: `mail:${chargeKey}` });
}

const maxDate = (a: Date | null, b: Date) => (a && a > b ? a : b);
