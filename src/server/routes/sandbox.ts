import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { PROVIDER_CODES, type ProviderCode } from "../payments/provider.ts";
import { checkSandboxCheckout } from "../payments/sandbox-checkout.ts";
import { createSandboxDelivery } from "../payments/sandbox-delivery.ts";
import { maxPayCallback, payProIpn, type SandboxPayment } from "../payments/sandbox-notifications.ts";
import { sandboxCheckoutPage, sandboxErrorPage } from "../payments/sandbox-page.ts";

const NAMES: Record<ProviderCode, string> = { max_pay: "Maxpay", pay_pro: "PayPro Global" };
const OUTCOMES = ["approve", "decline", "approve_later"] as const;
/** "Approve after a delay" delivers the notification this much later, after the visitor is back. */
export const SANDBOX_DELAY_MS = 3000;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);

/**
 * The providers' hosted checkout, played locally (development and tests only, for providers without
 * credentials): GET shows the order, POST delivers the signed notification to our own webhook over
 * HTTP and sends the visitor back to the order-redirect page.
 */
export const sandboxRoutes: FastifyPluginAsync<{ fetch: typeof fetch }> = async (app, options) => {
  const { services } = app;
  const delivery = createSandboxDelivery(services.env.APP_ORIGIN, options.fetch, app.log);
  app.addHook("onClose", async () => delivery.close());
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  for (const code of PROVIDER_CODES.filter((c) => services.payments.isSandbox(c))) {
    const path = `/${code}/checkout`;

    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const query = new URL(request.url, "http://sandbox.invalid").searchParams;
      const checked = await checkSandboxCheckout(services.db, code, query, services.env.APP_ORIGIN);
      if (!checked.ok) return html(reply, 400, sandboxErrorPage(`The checkout could not be opened: ${checked.reason}.`));
      const { order, productName, email } = checked.checkout;
      return html(
        reply,
        200,
        sandboxCheckoutPage({
          providerName: NAMES[code],
          action: `/sandbox${path}`,
          productName,
          amount: order.amount,
          currency: order.currency,
          email,
          orderId: order.id,
          request: query.toString(),
        }),
      );
    });

    app.post(path, { schema: { hide: true } }, async (request, reply) => {
      const form = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
      const outcome = OUTCOMES.find((o) => o === form.outcome);
      const query = new URLSearchParams(typeof form.request === "string" ? form.request : "");
      const checked = await checkSandboxCheckout(services.db, code, query, services.env.APP_ORIGIN);
      if (!outcome) return html(reply, 400, sandboxErrorPage("Choose one of the buttons."));
      if (!checked.ok) return html(reply, 400, sandboxErrorPage(`The payment could not be made: ${checked.reason}.`));
      const { order, productName, email, successUrl, declineUrl } = checked.checkout;
      const payment: SandboxPayment = {
        orderId: order.id,
        customerId: order.customerId,
        email,
        productId: order.productId,
        productName,
        amount: order.amount,
        currency: order.currency,
        outcome: outcome === "decline" ? "decline" : "success",
      };
      const notification = code === "max_pay" ? maxPayCallback(payment) : payProIpn(payment);
      if (outcome === "approve_later") delivery.later(notification, SANDBOX_DELAY_MS);
      else await delivery.now(notification);
      return reply.redirect(outcome === "decline" ? declineUrl : successUrl, 303);
    });
  }
};
