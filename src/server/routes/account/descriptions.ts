/**
 * What the account area's calls do, in more than a line: the OpenAPI document (/api/openapi.json) shows
 * each as its call's description (ADR 072). Keyed by method and path as the route files write them;
 * a short description stays in its route.
 */

/** Said by every call a plan unlocks (ADR 017). */
export const locked = "403 `subscription_required` with `error.unlock` without a plan that gives access now (ADR 017).";
/** Said by every call that saves a tool entry (ADR 021). */
export const invalid = "400 `invalid_request` when `data` does not fit the tool's kind and config, with issues at body.data…; nothing is saved.";
/** Said by every call that changes a subscription. */
export const idempotencyNote =
  "Send an `Idempotency-Key` header (8–100 letters, digits, - _ . :) to make retries safe; without it a double click still changes the subscription once.";

export const descriptions = {
  // coaching.ts
  "GET /customer/coaching/bookings":
    "`locked` says, for an account without a plan that gives access now, why booking is locked and what unlocks it (the same rule and link as the 403 of the booking calls), so the page can show the lock at once; null otherwise.",
  "POST /customer/coaching/book": `201 with the booking; an e-mail with a calendar file goes to the customer and a notice to the coach. 400 \`not_a_slot\` for a time not offered; 409 \`slot_taken\` when someone holds it, \`too_many_bookings\` past the upcoming limit. ${locked}`,
  "POST /customer/coaching/bookings/:id/move": `404 unless the booking is the customer's. 409 \`too_late\` inside the notice before it starts, \`slot_taken\`, \`already_cancelled\`; 400 \`not_a_slot\`. ${locked}`,
  // customer.ts
  "POST /customer/prepare-cabinet":
    "Idempotent; logs nobody in; answers the same for new and existing addresses. A logged-in caller already has their account: their own address is accepted and nothing is created; another address is refused with 409 logged_in_as_other (a funnel never makes a logged-in customer a second account).",
  // paid-content.ts
  "GET /customer/paid-content":
    "has_access: the account's content is unlocked now — a subscription is active, or paused / cancelled with paid time left (ADR 017). Bought reports stay in `reports` for good.",
  // settings.ts
  "POST /customer/email-change":
    "An account with a password sends `current_password` (400 `password_required` without it, 403 `wrong_password`): the confirmation link goes to the new address and a notice to the current one (`link_sent_to: new_address`). An account without a password gets a link at its current address that approves the change (`link_sent_to: current_address`); only then does the new address get its confirmation link. Answers the same whether or not another account uses the address (nothing is revealed). A new request replaces an earlier unused link. 400 `same_email` for the current address.",
  "POST /customer/email-change/approve":
    "Only the account that asked can use it: a link that is unknown, used, expired or another account's answers 400 `invalid_token` and stays as it was. 400 `same_email` when the account already uses that address.",
  "POST /customer/email-change/confirm":
    "Only the account that asked can use it: a link that is unknown, used, expired or another account's answers 400 `invalid_token` and stays as it was (log in as the account that asked). 409 `email_taken` when another account has taken the address meanwhile (nothing changes). This browser stays logged in with a new session; every other session of the account ends.",
  "POST /customer/delete-account/link":
    "The link goes to the account's own address, works once, for 30 minutes, and only for this account. A new request replaces an earlier unused link.",
  "POST /customer/delete-account":
    "Needs a fresh proof: `current_password`, or `token` from the deletion link (POST /customer/delete-account/link). 400 `proof_required` without either; 403 `wrong_password`; 400 `invalid_token` for a link that is unknown, used, expired or another account's (it stays as it was). When a payment provider cannot cancel a plan, its error is returned and nothing is deleted. The coach is told of each cancelled session; one goodbye e-mail goes to the account's address. Ends every session.",
  // subscriptions.ts
  "POST /subscription/restart": `A plan whose paid time is over is 409 \`plan_ended\` (buy it again with a new checkout); restarting a running plan changes nothing. ${idempotencyNote}`,
} satisfies Record<string, string>;
