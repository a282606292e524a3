import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authedErrors, envelope } from "#schemas/api/envelope.ts";
import { paidContentView } from "#schemas/api/payments.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { paidContent } from "#server/payments/subscriptions-access.ts";

export const paidContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, clock } = app.services;
  app.get(
    "/customer/paid-content",
    {
      schema: {
        summary: "Reports unlocked, subscriptions, and whether the customer has paid access now",
        description:
          "has_access: the account's content is unlocked now — a subscription is active, or paused / cancelled with paid time left (ADR 017). Bought reports stay in `reports` for good.",
        tags: ["subscriptions"],
        response: { 200: envelope(paidContentView), ...authedErrors },
      },
    },
    async (request) => ({
      data: await paidContent(db, requireCustomer(request).id, clock.now(), env.RETENTION_DISCOUNT_PERCENTS),
    }),
  );
};
