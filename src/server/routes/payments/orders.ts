// URL: GET /api/orders/:id, GET /api/quiz/sessions/:id/payment, POST /api/quiz/sessions/:id/include-report
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authedErrors, commonErrors, envelope, errorBody } from "#schemas/api/envelope.ts";
import { includedReportView, orderView, sessionPaymentView, uuidParam } from "#schemas/api/payments.ts";
import { HttpError, notFound, unauthorized } from "#server/errors.ts";
import { LockedError } from "#server/accounts/account-access.ts";
import { includeReportInPlan, ownsAsCustomer, planCover } from "#server/payments/plan-reports.ts";
import { holdsSessionReport } from "#server/reports/report-holdings.ts";
import { ownedOrderView, paidOrderOfSession } from "#server/payments/orders.ts";
import { sessionCookie } from "#server/plugins/auth.ts";
import { firstBuyerToLogIn } from "#server/accounts/first-buyer-login.ts";
import { ownedSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { descriptions } from "./descriptions.ts";

/** GET /orders/:id — what the order-redirect page polls. Only a verified notification changes the status. */
export const orderRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const cookieJar = sessionCookie(app.services.env.NODE_ENV === "production");
  app.get(
    "/orders/:id",
    {
      config: { skipsTheLine: true },
      schema: {
        summary: "One order's status",
        description: descriptions["GET /orders/:id"],
        tags: ["payments"],
        params: z.strictObject({ id: uuidParam }),
        response: { 200: envelope(orderView), ...commonErrors },
      },
    },
    async (request, reply) => {
      const { services } = app;
      const caller = callerOf(request, visitor);
      const view = await ownedOrderView(services.db, request.params.id, caller);
      if (!view) throw notFound("Order");
      void reply.header("cache-control", "private, no-store");
      // A first-time buyer is logged in here, in the browser that paid (only when this checkout created
      // the account), for this purchase only: nobody proved the inbox, so the browser's other quiz
      // sessions are not made the account's either (ADR 051).
      if (view.status === "paid" && !request.customer) {
        const customerId = await firstBuyerToLogIn(services.db, view.id, caller.visitorId, services.clock.now());
        if (customerId) {
          const session = await services.sessions.createForPurchase(customerId, view.id);
          cookieJar.set(reply, session.token);
          const own = await ownedOrderView(services.db, view.id, { ...caller, customerId });
          return { data: { ...(own ?? view), logged_in: true, account_open: false } };
        }
      }
      return { data: { ...view, logged_in: request.customer !== null, account_open: request.customer !== null && request.accountOpen } };
    },
  );

  app.get(
    "/quiz/sessions/:id/payment",
    {
      schema: {
        summary: "Whether a quiz session's report is already paid for",
        description: descriptions["GET /quiz/sessions/:id/payment"],
        tags: ["payments"],
        params: z.strictObject({ id: uuidParam }),
        response: { 200: envelope(sessionPaymentView), ...commonErrors },
      },
    },
    async (request, reply) => {
      const { db, clock, flows } = app.services;
      const caller = callerOf(request, visitor);
      const session = await ownedSession(db, request.params.id, caller);
      if (!session) throw notFound("Quiz session");
      const orderId = await paidOrderOfSession(db, session.id);
      void reply.header("cache-control", "private, no-store");
      const reportCode = flows.ofSession(session)?.report ?? null;
      const owner = ownsAsCustomer(session, caller.customerId) && reportCode !== null;
      const included = orderId === null && owner && (await holdsSessionReport(db, caller.customerId!, session.id, reportCode));
      const plan = owner ? (await planCover(db, caller.customerId!, clock.now())).plan : null;
      return { data: { paid: orderId !== null, order_id: orderId, included, covering_plan: plan ? { name: plan.planName } : null } };
    },
  );

  app.post(
    "/quiz/sessions/:id/include-report",
    {
      schema: {
        summary: "Take a finished quiz's report through the plan (no payment)",
        description: descriptions["POST /quiz/sessions/:id/include-report"],
        tags: ["payments"],
        params: z.strictObject({ id: uuidParam }),
        body: z.strictObject({}),
        response: { 200: envelope(includedReportView), ...authedErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { db, clock, flows, reports } = app.services;
      if (!request.customer) throw unauthorized();
      const caller = callerOf(request, visitor);
      const session = await ownedSession(db, request.params.id, caller);
      if (!session || !ownsAsCustomer(session, caller.customerId)) throw notFound("Quiz session");
      const reportCode = flows.ofSession(session)?.report;
      if (!reportCode) throw notFound("Report");
      if (session.status !== "ready" || !session.completedAt)
        throw new HttpError(409, "quiz_incomplete", "Finish the quiz first: its report is built from every answer.");
      const now = clock.now();
      const cover = await planCover(db, request.customer.id, now);
      if (!cover.plan) throw new LockedError(cover.reason);
      const { plan } = cover;
      await includeReportInPlan(db, { customerId: request.customer.id, session, reportCode, plan, at: now });
      reports.kick();
      request.log.info({ sessionId: session.id, subscriptionId: plan.sub.id, reportCode }, "report included in plan");
      void reply.header("cache-control", "private, no-store");
      return { data: { included: true as const, plan_name: plan.planName } };
    },
  );
};
