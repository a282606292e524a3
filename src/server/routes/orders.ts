import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { commonErrors, envelope } from "../../../schemas/api/envelope.ts";
import { orderView, uuidParam } from "../../../schemas/api/payments.ts";
import { notFound } from "../errors.ts";
import { ownedOrderView } from "../services/orders.ts";
import type { VisitorCookie } from "../services/quiz-visitor.ts";
import { callerOf } from "./quiz-caller.ts";

/** GET /orders/:id — what the order-redirect page polls. Only a verified notification changes the status. */
export const orderRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  app.get(
    "/orders/:id",
    {
      schema: {
        summary: "One order's status",
        description: "The visitor who started it (quiz session cookie) or the customer who owns it; anyone else gets 404.",
        tags: ["payments"],
        params: z.strictObject({ id: uuidParam }),
        response: { 200: envelope(orderView), ...commonErrors },
      },
    },
    async (request, reply) => {
      const view = await ownedOrderView(app.services.db, request.params.id, callerOf(request, visitor));
      if (!view) throw notFound("Order");
      void reply.header("cache-control", "private, no-store");
      return { data: view };
    },
  );
};
