import type { UnlockHint } from "#schemas/api/envelope.ts";
import type { Db } from "../db/client.ts";
import { entitlements } from "../db/schema.ts";
import { ensureReportRequest } from "./entitlements.ts";

type LockReason = UnlockHint["reason"];
import type { QuizSession } from "../quiz/quiz-sessions.ts";
import { subscriptionGivesAccess } from "./subscriptions-access.ts";
import { customerSubscriptions, type SubscriptionWithPlan } from "./subscriptions.ts";

/** The plan that covers the customer now, or why none does (never bought one, or the last one's paid time is over). */
export type PlanCover = { plan: SubscriptionWithPlan } | { plan: null; reason: LockReason };

/**
 * The customer's plan that gives access now (ADR 017: active, trial, paused or cancelled before
 * the paid period ends): it unlocks the account's content and includes every assessment's report.
 * The oldest such plan wins, so the same plan is named every time.
 */
export async function planCover(db: Db, customerId: string, now: Date): Promise<PlanCover> {
  const subs = await customerSubscriptions(db, customerId);
  const plan = subs.find(({ sub }) => subscriptionGivesAccess(sub, now));
  return plan ? { plan } : { plan: null, reason: subs.length === 0 ? "no_plan" : "plan_ended" };
}

/** Whether the caller may take this session's report through their plan: they are its logged-in, confirmed owner. */
export function ownsAsCustomer(session: QuizSession, customerId: string | null): customerId is string {
  return customerId !== null && session.customerId === customerId && session.customerConfirmed;
}

/**
 * Grants a finished quiz's report through the plan and queues it for the report worker, in one
 * transaction. The entitlement names the plan and the plan's first order, so a refund of that
 * order takes it back as it takes back a bought report. Idempotent: a report already held (bought
 * or included) stays as it is, and the session's report request is made once.
 */
export async function includeReportInPlan(
  db: Db,
  input: { customerId: string; session: QuizSession; reportCode: string; plan: SubscriptionWithPlan; at: Date },
): Promise<void> {
  const { customerId, session, reportCode, plan, at } = input;
  await db.transaction(async (tx) => {
    await tx
      .insert(entitlements)
      .values({ customerId, reportCode, orderId: plan.sub.orderId, subscriptionId: plan.sub.id, grantedAt: at })
      .onConflictDoNothing();
    await ensureReportRequest(tx, { customerId, quizSessionId: session.id, reportCode, at });
  });
}
