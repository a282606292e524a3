import { consentAllows, type ConsentRecord } from "#schemas/consent/consent.ts";

/**
 * Whether a conversion may be sent (ADR 056): the choice recorded on the quiz session the event
 * belongs to (for a renewal or refund, the original order's session) must allow marketing, and when
 * the customer changed their choice on the account after that, the stricter of the two wins. Without
 * a session (a logged-in purchase from the pricing page) the account's choice decides. No choice
 * anywhere: nothing is sent.
 */
export function marketingAllowed(session: ConsentRecord | null, account: ConsentRecord | null): boolean {
  if (!session) return consentAllows(account, "marketing");
  const changedSince = account !== null && Date.parse(account.decided_at) > Date.parse(session.decided_at);
  return consentAllows(session, "marketing") && (!changedSince || consentAllows(account, "marketing"));
}
