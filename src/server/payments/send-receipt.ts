import type { FastifyBaseLogger } from "fastify";
import { receiptEmail } from "../mail/templates/receipt.ts";
import { TOKEN_TTL_SECONDS } from "../services/auth-tokens.ts";
import type { Fulfilment } from "../services/payment-events.ts";
import type { Services } from "../services.ts";

/**
 * The receipt with a login link, after the payment's transaction committed. Only the delivery that
 * fulfilled the order gets here, so it is sent once however often the notification arrives.
 */
export async function sendReceipt(services: Services, log: FastifyBaseLogger, f: Fulfilment): Promise<void> {
  const token = await services.authTokens.issue(f.order.customerId, f.email, "login");
  const loginUrl = `${services.env.APP_ORIGIN}/login?email=${encodeURIComponent(f.email)}&tmp_token=${encodeURIComponent(token)}`;
  const sub = f.subscription;
  services.mail.send(
    log,
    "receipt",
    receiptEmail({
      to: f.email,
      appOrigin: services.env.APP_ORIGIN,
      planName: f.product.name,
      currency: f.order.currency,
      amount: f.order.amount,
      orderId: f.order.id,
      paidAt: f.order.paidAt ?? services.clock.now(),
      renewal: sub && sub.nextChargeAt ? { at: sub.nextChargeAt, amount: sub.renewalAmount, period: f.product.period } : null,
      loginUrl,
      loginMinutes: TOKEN_TTL_SECONDS.login / 60,
    }),
  );
}
