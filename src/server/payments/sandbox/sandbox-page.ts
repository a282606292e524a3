import { formatMoney } from "../money.ts";
import { escapeHtml, ICON_LINK } from "#server/html.ts";

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f6f8;color:#1d2733;line-height:1.5}
main{max-width:30rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 .5rem}
.note{background:#fff8e1;border:1px solid #e0c060;border-radius:8px;padding:.75rem 1rem;font-size:.95rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.5rem 0}
dt{color:#555}dd{margin:0;font-weight:600}
.actions{display:grid;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.8rem 1rem;border-radius:8px;border:2px solid #1f4e79;cursor:pointer;min-height:44px}
button:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.approve{background:#1f4e79;color:#fff}.decline{background:#fff;color:#9b1c1c;border-color:#9b1c1c}.later{background:#fff;color:#1f4e79}
main.wide{max-width:64rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dde3ea;vertical-align:middle}
td form{margin:0}td button{padding:.4rem .75rem;min-height:44px}
form.bring{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin-top:.5rem}form.bring label{font-size:.85rem;color:#555;width:100%}
input{font:inherit;padding:.4rem;border:1px solid #8a96a3;border-radius:6px;min-height:44px;box-sizing:border-box}
`;

function page(title: string, body: string, wide = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">${ICON_LINK}<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main${wide ? ' class="wide"' : ""}>${body}</main></body></html>`;
}

export type SandboxCheckout = {
  providerName: string;
  action: string;
  productName: string;
  amount: number;
  currency: string;
  email: string;
  orderId: string;
  /** The original checkout request, sent back with the chosen button and checked again. */
  request: string;
};

/** The local hosted-checkout page: what is being paid, and the three sandbox outcomes. */
export function sandboxCheckoutPage(c: SandboxCheckout): string {
  return page(
    `Pay ${formatMoney(c.amount, c.currency)} – ${c.providerName} sandbox`,
    `<h1>${escapeHtml(c.providerName)} test checkout</h1>
<p class="note" role="note">Sandbox: no card is charged. Each button makes the server send the same signed notification ${escapeHtml(c.providerName)} would send, then takes you back to Pathwise.</p>
<dl>
<dt>Plan</dt><dd>${escapeHtml(c.productName)}</dd>
<dt>Amount today</dt><dd>${escapeHtml(formatMoney(c.amount, c.currency))}</dd>
<dt>E-mail</dt><dd>${escapeHtml(c.email)}</dd>
<dt>Order</dt><dd><code>${escapeHtml(c.orderId)}</code></dd>
</dl>
<form method="post" action="${escapeHtml(c.action)}">
<input type="hidden" name="request" value="${escapeHtml(c.request)}">
<div class="actions">
<button type="submit" name="outcome" value="approve" class="approve">Approve payment</button>
<button type="submit" name="outcome" value="decline" class="decline">Decline payment</button>
<button type="submit" name="outcome" value="approve_later" class="later">Approve after a delay</button>
</div>
</form>`,
  );
}

export const sandboxErrorPage = (message: string) =>
  page("Checkout link not valid", `<h1>This checkout link is not valid</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Pathwise</a></p>`);

/** One paid order on the sandbox payments page. */
export type SandboxPaymentRow = {
  orderId: string;
  kind: string;
  email: string;
  productName: string;
  amount: number;
  currency: string;
  paidAt: Date;
  status: string;
};
/** One live subscription on the sandbox payments page. */
export type SandboxSubscriptionRow = {
  id: string;
  email: string;
  productName: string;
  status: string;
  nextChargeAt: Date | null;
  /** The end of the paid period: a cancelled plan ends there. */
  accessUntil: Date;
  failsNext: boolean;
};

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16) + " UTC";
/** A datetime-local field's value, in UTC: YYYY-MM-DDTHH:MM. */
const field = (d: Date) => d.toISOString().slice(0, 16);

/** "Bring the next charge to <date>" (a cancelled plan: its end), from now up to the date it has today. */
function bringForm(s: SandboxSubscriptionRow, now: Date): string {
  const next = s.status === "cancelled" ? s.accessUntil : s.nextChargeAt;
  if (!next || next <= now) return "";
  const what = s.status === "cancelled" ? "end" : "next charge";
  const id = `bring-${escapeHtml(s.id)}`;
  return `<form method="post" action="/sandbox/payments/bring-next-charge" class="bring"><input type="hidden" name="subscription_id" value="${escapeHtml(s.id)}">
<label for="${id}">Bring the ${what} to (UTC)</label><input id="${id}" type="datetime-local" name="at" min="${field(now)}" max="${field(next)}">
<button type="submit" class="later">Bring it to that date</button><button type="submit" name="now" value="1" class="later" formnovalidate>Bring it to now</button></form>`;
}

/**
 * What the provider's own console would offer a person testing: refund a payment (the provider then
 * sends its signed refund notification) and make the next renewal of a subscription fail, so that
 * refunds, failed renewals and the e-mails they send can be walked locally.
 */
export function sandboxPaymentsPage(payments: SandboxPaymentRow[], subs: SandboxSubscriptionRow[], done: string | null, now: Date): string {
  const paymentRows = payments
    .map(
      (p) =>
        `<tr><td>${escapeHtml(when(p.paidAt))}</td><td>${escapeHtml(p.email)}</td><td>${escapeHtml(p.productName)}${p.kind === "renewal" ? " (renewal)" : ""}</td><td>${escapeHtml(formatMoney(p.amount, p.currency))}</td><td>${
          p.status === "paid"
            ? `<form method="post" action="/sandbox/payments/refund"><input type="hidden" name="order_id" value="${escapeHtml(p.orderId)}"><button type="submit" class="decline">Refund this payment</button></form>`
            : escapeHtml(p.status)
        }</td></tr>`,
    )
    .join("\n");
  const subRows = subs
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.email)}</td><td>${escapeHtml(s.productName)}</td><td>${escapeHtml(s.status)}</td><td>${
          s.nextChargeAt ? escapeHtml(when(s.nextChargeAt)) : s.status === "cancelled" ? `ends ${escapeHtml(when(s.accessUntil))}` : "—"
        }</td><td>${
          s.status === "cancelled"
            ? ""
            : s.failsNext
              ? "The next renewal will fail"
              : `<form method="post" action="/sandbox/payments/fail-next-renewal"><input type="hidden" name="subscription_id" value="${escapeHtml(s.id)}"><button type="submit" class="later">Fail the next renewal</button></form>`
        }${bringForm(s, now)}</td></tr>`,
    )
    .join("\n");
  return page(
    "Sandbox payments",
    `<h1>Sandbox payments</h1>
<p class="note" role="note">Sandbox: no card is charged. A refund makes the server send the same signed refund notification the provider would send; a failed renewal is declined as a bad card would be, when the renewal job next charges it. "Bring the next charge to" moves a subscription's next charge (a cancelled plan's end) earlier, but not before now, and runs the renewal job at once: the reminder mail, the renewal, a declined renewal or the end of the plan happen as they would on that day.</p>
${done ? `<p role="status"><strong>${escapeHtml(done)}</strong></p>` : ""}
<h2>Payments</h2>
${payments.length > 0 ? `<div class="scroll"><table><thead><tr><th>Paid</th><th>E-mail</th><th>Plan</th><th>Amount</th><th></th></tr></thead><tbody>${paymentRows}</tbody></table></div>` : "<p>No payments yet.</p>"}
<h2>Subscriptions</h2>
${subs.length > 0 ? `<div class="scroll"><table><thead><tr><th>E-mail</th><th>Plan</th><th>Status</th><th>Next charge</th><th></th></tr></thead><tbody>${subRows}</tbody></table></div>` : "<p>No subscriptions yet.</p>"}
<p><a href="/">Back to Pathwise</a> · <a href="/dev/mail">Mail outbox</a></p>`,
    true,
  );
}
