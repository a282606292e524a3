import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authedErrors, envelope } from "#schemas/api/envelope.ts";
import { paidContentView } from "#schemas/api/payments.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { paidContent } from "#server/payments/subscriptions-access.ts";
import { descriptions } from "./descriptions.ts";

export const paidContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, clock } = app.services;
  app.get(
    "/customer/paid-content",
    {
      schema: {
        summary: "Reports unlocked, subscriptions, and whether the customer has paid access now",
        description: descriptions["GET /customer/paid-content"],
        tags: ["subscriptions"],
        response: { 200: envelope(paidContentView), ...authedErrors },
      },
    },
    async (request) => ({
      data: await paidContent(db, requireCustomer(request).id, clock.now(), env.RETENTION_DISCOUNT_PERCENTS),
    }),
  );
};
