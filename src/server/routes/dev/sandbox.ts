// URL: /sandbox/… (development only): the providers' hosted checkouts and the payments page
import { and, desc, eq, gt, inArray, isNotNull, or } from "drizzle-orm";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import { customers, orders, products, subscriptions } from "#server/db/schema.ts";
import { PROVIDER_CODES, type ProviderCode } from "#server/payments/provider.ts";
import { runRenewals } from "#server/payments/renewals/renewals.ts";
import { checkSandboxCheckout } from "#server/payments/sandbox/sandbox-checkout.ts";
import { bringNextCharge, bringNextChargeForm } from "#server/payments/sandbox/sandbox-next-charge.ts";
import { createSandboxDelivery } from "#server/payments/sandbox/sandbox-delivery.ts";
import { maxPayCallback, payProIpn, type SandboxPayment } from "#server/payments/sandbox/sandbox-notifications.ts";
import { sandboxCheckoutPage, sandboxErrorPage, sandboxPaymentsPage } from "#server/payments/sandbox/sandbox-page.ts";

const NAMES: Record<ProviderCode, string> = { max_pay: "Maxpay", pay_pro: "PayPro Global" };
const OUTCOMES = ["approve", "decline", "approve_later"] as const;
/** "Approve after a delay" delivers the notification this much later, after the visitor is back. */
const SANDBOX_DELAY_MS = 3000;

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

  const sandboxCodes = PROVIDER_CODES.filter((c) => services.payments.isSandbox(c));
  if (sandboxCodes.length > 0) registerSandboxConsole(app, sandboxCodes, delivery);

  for (const code of sandboxCodes) {
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

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const formOf = (body: unknown) => (body && typeof body === "object" ? (body as Record<string, unknown>) : {});

/**
 * /sandbox/payments: the provider console of the sandbox — refund a payment (the signed refund
 * notification goes to our webhook, as the provider's would) and fail a subscription's next renewal.
 */
function registerSandboxConsole(app: FastifyInstance, codes: ProviderCode[], delivery: ReturnType<typeof createSandboxDelivery>) {
  const { db } = app.services;
  const show = async (reply: FastifyReply, done: string | null, status = 200) => {
    const payments = await db
      .select({
        orderId: orders.id,
        kind: orders.kind,
        email: customers.email,
        productName: products.name,
        amount: orders.amount,
        currency: orders.currency,
        paidAt: orders.paidAt,
        status: orders.status,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(inArray(orders.provider, codes), isNotNull(orders.paidAt)))
      .orderBy(desc(orders.paidAt))
      .limit(50);
    const subs = await db
      .select({
        id: subscriptions.id,
        email: customers.email,
        productName: products.name,
        status: subscriptions.status,
        nextChargeAt: subscriptions.nextChargeAt,
        accessUntil: subscriptions.currentPeriodEnd,
      })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(
        and(
          inArray(subscriptions.provider, codes),
          or(
            inArray(subscriptions.status, ["active", "past_due", "paused"]),
            and(eq(subscriptions.status, "cancelled"), gt(subscriptions.currentPeriodEnd, app.services.clock.now())),
          ),
        ),
      )
      .orderBy(desc(subscriptions.createdAt))
      .limit(50);
    const rows = payments.map((p) => ({ ...p, paidAt: p.paidAt! }));
    const withMarks = subs.map((s) => ({ ...s, failsNext: app.subscriptionProvider.failsNextRenewal(s.id) }));
    return html(reply, status, sandboxPaymentsPage(rows, withMarks, done, app.services.clock.now()));
  };

  app.get("/payments", { schema: { hide: true } }, async (_request, reply) => show(reply, null));

  app.post("/payments/refund", { schema: { hide: true } }, async (request, reply) => {
    const orderId = formOf(request.body).order_id;
    if (typeof orderId !== "string" || !uuid.test(orderId)) return html(reply, 400, sandboxErrorPage("Choose a payment to refund."));
    const [order] = await db
      .select({ order: orders, email: customers.email, productName: products.name })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.id, orderId), inArray(orders.provider, codes)));
    if (!order || order.order.status !== "paid") return html(reply, 400, sandboxErrorPage("That payment is not a paid sandbox payment."));
    const payment: SandboxPayment = {
      orderId: order.order.id,
      customerId: order.order.customerId,
      email: order.email,
      productId: order.order.productId,
      productName: order.productName,
      amount: order.order.amount,
      currency: order.order.currency,
      outcome: "refund",
      ...(order.order.providerOrderId ? { transactionId: order.order.providerOrderId } : {}),
    };
    await delivery.now(order.order.provider === "max_pay" ? maxPayCallback(payment) : payProIpn(payment));
    return show(reply, `Refund notification sent for ${order.email}'s payment.`);
  });

  // The time control (ADR 052): the renewal job then runs at once, as it would on that day.
  app.post("/payments/bring-next-charge", { schema: { hide: true } }, async (request, reply) => {
    const form = bringNextChargeForm.safeParse(formOf(request.body));
    if (!form.success) return html(reply, 400, sandboxErrorPage(form.error.issues[0]!.message));
    const { clock } = app.services;
    const moved = await bringNextCharge(db, codes, form.data.subscriptionId, form.data.at, clock.now());
    if (!moved.ok) return html(reply, moved.status, sandboxErrorPage(moved.message));
    const ran = await runRenewals(app, clock.now());
    request.log.info({ subscriptionId: form.data.subscriptionId, at: moved.at, renewals: ran }, "sandbox: next charge brought forward");
    const what = moved.ends ? "The plan's end" : "The next charge";
    return show(reply, `${what} is now ${moved.at.toISOString().replace("T", " ").slice(0, 16)} UTC; the renewal job ran. Its e-mails are in the mail outbox.`);
  });

  app.post("/payments/fail-next-renewal", { schema: { hide: true } }, async (request, reply) => {
    const subId = formOf(request.body).subscription_id;
    if (typeof subId !== "string" || !uuid.test(subId)) return html(reply, 400, sandboxErrorPage("Choose a subscription."));
    const [sub] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subId), inArray(subscriptions.provider, codes)));
    if (!sub) return html(reply, 400, sandboxErrorPage("That subscription is not a sandbox subscription."));
    app.subscriptionProvider.failNextRenewal(sub.id);
    return show(reply, "The next renewal of that subscription will be declined.");
  });
}
