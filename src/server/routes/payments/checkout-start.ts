// URL: POST /api/checkout/start
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { commonErrors, envelope, errorBody } from "#schemas/api/envelope.ts";
import { checkoutStartBody, checkoutStartResponse } from "#schemas/api/payments.ts";
import { customers } from "#server/db/schema.ts";
import { HttpError, notFound } from "#server/errors.ts";
import { locate } from "#server/platform/location.ts";
import { checkoutOrder, paidOrderOfSession } from "#server/payments/orders.ts";
import { accountAccess } from "#server/accounts/account-access.ts";
import { productOnSale } from "#server/payments/products.ts";
import { sessionOffer } from "#server/quiz/session-offer.ts";
import { ownedSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { throttle } from "#server/platform/throttle.ts";
import { noteRefusedCheckout } from "#server/analytics/checkout-refusals.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { recordCheckoutCapture } from "#server/conversions/conversion-queue.ts";
import { visitorSignals } from "#server/conversions/visitor-signals.ts";
import { adoptBrowserConsent } from "#server/quiz/consent.ts";
import { descriptions } from "./descriptions.ts";

const alreadyPaid = () => new HttpError(409, "already_paid", "This report is already paid for, so there is nothing more to pay. Continue to your report.");
const quizIncomplete = () => new HttpError(400, "quiz_incomplete", "Finish the quiz first: the report you pay for is built from every answer.");
const notOffered = (offered: readonly string[]) =>
  new HttpError(409, "plan_not_offered", `This plan is not part of this quiz's offer: choose one of ${offered.join(", ")}.`);
const planActive = () =>
  new HttpError(409, "plan_active", "You already have an active plan, so there is nothing more to pay. You can find it under My plans in your account.");

type CheckoutRequest = FastifyRequest<{ Body: z.infer<typeof checkoutStartBody> }>;

/** Checkout starts per IP: generous for a real buyer (retries, plan changes), a wall for a script filling the orders table. */
export const CHECKOUT_LIMIT = { max: 20, windowSeconds: 15 * 60 };

/**
 * POST /checkout/start: creates the order with the server's own price for the chosen plan in the
 * visitor's currency and returns the provider's hosted-checkout URL. The body cannot carry a price
 * (strict schema: an unknown field is a 400).
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;
  app.post(
    "/checkout/start",
    {
      config: { skipsTheLine: true },
      schema: {
        summary: "Start a checkout for one plan",
        description: descriptions["POST /checkout/start"],
        tags: ["payments"],
        body: checkoutStartBody,
        response: { 200: envelope(checkoutStartResponse), ...commonErrors, 409: errorBody, 503: errorBody },
      },
    },
    async (request) => {
      try {
        return await start(request);
      } catch (error) {
        // Every refusal, in this one place, with its reason: the funnel report tells a refused
        // checkout from a visitor who left (docs/analytics.md).
        if (request.body.session_id) await noteRefusedCheckout(services.db, request.body.session_id, callerOf(request, visitor), error, request.log);
        throw error;
      }
    },
  );

  async function start(request: CheckoutRequest) {
    const { product_id, session_id } = request.body;
    await throttle(app, `checkout:ip:${request.ip}`, CHECKOUT_LIMIT);
    const product = await productOnSale(services.db, product_id);
    if (!product) throw notFound("Plan");
    const currency = request.body.currency ?? locate(request.headers, services.env.GEO_COUNTRY_HEADER).currency;
    const price = product.prices[currency];
    if (!price) throw new HttpError(400, "currency_unavailable", `This plan is not sold in ${currency}`);

    const session = session_id ? await ownedSession(services.db, session_id, callerOf(request, visitor)) : null;
    if (session_id && !session) throw notFound("Quiz session");
    // A receipt promises the report: a quiz that is not finished has none to build yet.
    if (session && (session.status !== "ready" || !session.completedAt)) throw quizIncomplete();
    // The session's offer is the whole choice (ADR 065): another plan's id is refused, nothing is made.
    const offer = session ? sessionOffer(services.flows, session) : null;
    if (offer && !offer.plans.includes(product.id)) throw notOffered(offer.plans);
    if (session && (await paidOrderOfSession(services.db, session.id))) throw alreadyPaid();
    // A logged-in customer always pays for themself: a funnel never makes them a second account or plan.
    const customerId = request.customer?.id ?? session?.customerId ?? null;
    // Only the logged-in customer is told about their plan: a typed address proves nothing.
    if (customerId && customerId === request.customer?.id && (await accountAccess(services.db, customerId, services.clock.now())).granted) {
      throw planActive();
    }
    if (!customerId) throw new HttpError(409, "email_required", "Enter your e-mail first");
    const [customer] = await services.db.select({ id: customers.id, email: customers.email }).from(customers).where(eq(customers.id, customerId));
    if (!customer) throw new HttpError(409, "email_required", "Enter your e-mail first");

    const provider = await services.payments.forCheckout(request.log);
    if (provider.mode === "unconfigured") {
      request.log.error({ provider: provider.code }, "checkout refused: payment provider has no credentials");
      throw new HttpError(503, "payments_unavailable", "Payments are not available right now. Please try again later.");
    }
    const started = await checkoutOrder(services.db, services.clock, {
      customerId: customer.id,
      quizSessionId: session?.id ?? null,
      reportCode: session ? (services.flows.ofSession(session)?.report ?? null) : null,
      productId: product.id,
      provider: provider.code,
      currency,
      amount: price.first,
      variants: session?.variants ?? {},
      attribution: session?.attribution ?? null,
    });
    if ("alreadyPaid" in started) throw alreadyPaid();
    const { order, reused } = started;
    // The payment's conversion event follows the visitor's choice, even one that reached no session yet.
    if (session) await adoptBrowserConsent(services.db, request, session);
    // What the browser tells the ad platforms about the buyer, kept for the payment's conversion event (ADR 056).
    await recordCheckoutCapture(services.db, order.id, visitorSignals(request, services.env.APP_ORIGIN), session, services.clock.now());
    const back = `${services.env.APP_ORIGIN}/order-redirect?order_id=${order.id}`;
    const { url } = await provider.startCheckout({ id: order.id, productId: product.id, productName: product.name, amount: order.amount, currency }, customer, {
      success: back,
      decline: back,
      notify: `${services.env.APP_ORIGIN}/api/webhooks/${provider.code}`,
    });
    request.log.info({ orderId: order.id, reused, provider: provider.code, productId: product.id, currency }, "checkout started");
    return { data: { order_id: order.id, url } };
  }
};
