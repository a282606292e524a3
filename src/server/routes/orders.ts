import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { commonErrors, envelope } from "../../../schemas/api/envelope.ts";
import { orderView, sessionPaymentView, uuidParam } from "../../../schemas/api/payments.ts";
import { notFound } from "../errors.ts";
import { ownedOrderView, paidOrderOfSession } from "../services/orders.ts";
import { sessionCookie } from "../plugins/auth.ts";
import { firstBuyerToLogIn } from "../services/first-buyer-login.ts";
import { adoptBrowserSessions, ownedSession } from "../services/quiz-sessions.ts";
import type { VisitorCookie } from "../services/quiz-visitor.ts";
import { callerOf } from "./quiz-caller.ts";

/** GET /orders/:id — what the order-redirect page polls. Only a verified notification changes the status. */
export const orderRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const cookieJar = sessionCookie(app.services.env.NODE_ENV === "production");
  app.get(
    "/orders/:id",
    {
      schema: {
        summary: "One order's status",
        description:
          "The visitor who started it (quiz session cookie) or the customer who owns it; anyone else gets 404. The plan and the amount only for the order's logged-in customer (null for a browser that merely holds the quiz session). Once paid, a first-time buyer is logged in in the browser that paid (a session cookie; logged_in: true) when this checkout created the account — never for an address that already had one.",
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
      // A first-time buyer is logged in here, in the browser that paid (only when this checkout created the account).
      if (view.status === "paid" && !request.customer) {
        const customerId = await firstBuyerToLogIn(services.db, view.id, caller.visitorId, services.clock.now());
        if (customerId) {
          const session = await services.sessions.create(customerId);
          cookieJar.set(reply, session.token);
          await adoptBrowserSessions(services.db, services.clock, caller.visitorId!, customerId);
          const own = await ownedOrderView(services.db, view.id, { ...caller, customerId });
          return { data: { ...(own ?? view), logged_in: true } };
        }
      }
      return { data: { ...view, logged_in: request.customer !== null } };
    },
  );

  app.get(
    "/quiz/sessions/:id/payment",
    {
      schema: {
        summary: "Whether a quiz session's report is already paid for",
        description:
          "The payment step asks, so a visitor who comes back to it (browser Back) sees that the report is paid instead of paying twice. The session must be the caller's; anyone else gets 404.",
        tags: ["payments"],
        params: z.strictObject({ id: uuidParam }),
        response: { 200: envelope(sessionPaymentView), ...commonErrors },
      },
    },
    async (request, reply) => {
      const session = await ownedSession(app.services.db, request.params.id, callerOf(request, visitor));
      if (!session) throw notFound("Quiz session");
      const orderId = await paidOrderOfSession(app.services.db, session.id);
      void reply.header("cache-control", "private, no-store");
      return { data: { paid: orderId !== null, order_id: orderId } };
    },
  );
};
