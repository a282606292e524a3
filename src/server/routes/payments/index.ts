import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireOriginOnVisitorWrites } from "#server/plugins/visitor-origin.ts";
import { visitorCookie } from "#server/quiz/quiz-visitor.ts";
import { checkoutRoutes } from "./checkout-start.ts";
import { orderRoutes } from "./orders.ts";
import { paymentRoutes } from "./products.ts";
import { webhookRoutes } from "./webhooks.ts";

/**
 * The money calls: the providers' webhooks (signed by the provider, outside the visitor's Origin
 * check), and in a context of their own the products, checkout and orders a visitor reaches.
 */
export const paymentsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(webhookRoutes);
  await app.register(async (visitorCalls) => {
    requireOriginOnVisitorWrites(visitorCalls);
    const visitor = visitorCookie(app.services.env.NODE_ENV === "production");
    await visitorCalls.register(paymentRoutes, { visitor });
    await visitorCalls.register(checkoutRoutes, { visitor });
    await visitorCalls.register(orderRoutes, { visitor });
  });
};
