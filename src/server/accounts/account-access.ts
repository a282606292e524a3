import type { UnlockHint } from "#schemas/api/envelope.ts";
import type { Db } from "../db/client.ts";
import { HttpError, unauthorized } from "../errors.ts";
import type { SessionCustomer } from "../auth/sessions.ts";
import { planCover } from "../payments/plan-reports.ts";

/**
 * What unlocks the account's content (education plans, article texts, tools): a subscription that
 * gives access now — active (a trial too), or paused or cancelled with paid time left (ADR 017).
 * A report bought is the customer's for good and is not decided here.
 */
export type AccountAccess = { granted: true } | { granted: false; reason: LockReason };

/** Why content is locked: no plan was ever bought, or the last one's paid time is over. */
export type LockReason = UnlockHint["reason"];

export async function accountAccess(db: Db, customerId: string, now: Date): Promise<AccountAccess> {
  const cover = await planCover(db, customerId, now);
  return cover.plan ? { granted: true } : { granted: false, reason: cover.reason };
}

/** Where a locked item sends the customer, and what it says. One home for both: every unlock leads to the plans on sale. */
const UNLOCK: Record<LockReason, { href: string; message: string }> = {
  no_plan: {
    href: "/pricing",
    message: "Education plans, articles, tools and coaching come with a Pathwise plan. See the plans and choose one to open them.",
  },
  plan_ended: {
    href: "/pricing",
    message: "Your plan has ended, so education plans, articles, tools and coaching are locked. Choose a plan again to open them.",
  },
};

/** The lock as a page shows it before any call is refused: the message and the way to lift it. */
export const lockOf = (reason: LockReason) => ({ message: UNLOCK[reason].message, unlock: { reason, href: UNLOCK[reason].href } });

/** A 403 that says what unlocks the content (`error.unlock`). */
export class LockedError extends HttpError {
  constructor(readonly reason: LockReason) {
    super(403, "subscription_required", UNLOCK[reason].message);
  }
  get unlock() {
    return { reason: this.reason, href: UNLOCK[this.reason].href };
  }
}

/** The customer, when logged in with access to the account's content; else 401 or a 403 with what unlocks it. */
export async function requireAccountAccess(db: Db, customer: SessionCustomer | null | undefined, now: Date): Promise<SessionCustomer> {
  if (!customer) throw unauthorized();
  const access = await accountAccess(db, customer.id, now);
  if (!access.granted) throw new LockedError(access.reason);
  return customer;
}
