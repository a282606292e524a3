import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../errors.ts";
import { VISITOR_COOKIE_NAMES, visitorCookie } from "../../services/quiz-visitor.ts";
import { checkoutRoutes } from "./checkout-start.ts";
import { orderRoutes } from "./orders.ts";
import { paymentRoutes } from "./products.ts";
import { reportGenerationRoutes } from "../reports/start-report-generation.ts";
import { reportRoutes } from "../reports/session-report.ts";
import { webhookRoutes } from "./webhooks.ts";

/** Every money call under /api: plans, checkout, orders, report generation, and the provider webhooks. */
export const paymentsApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(webhookRoutes);
  await app.register(async (scope) => {
    const visitor = visitorCookie(app.services.env.NODE_ENV === "production");
    // The visitor cookie carries authority (it owns quiz sessions and their orders), so a write
    // carrying it must say where it comes from, as in the quiz calls.
    scope.addHook("onRequest", async (request) => {
      if (request.method === "GET" || request.method === "HEAD" || request.headers.origin !== undefined) return;
      if (VISITOR_COOKIE_NAMES.some((n) => request.headers.cookie?.includes(`${n}=`))) {
        throw new HttpError(403, "forbidden_origin", "A request from a quiz in progress must say where it comes from (Origin header)");
      }
    });
    await scope.register(paymentRoutes);
    await scope.register(checkoutRoutes, { visitor });
    await scope.register(orderRoutes, { visitor });
    await scope.register(reportGenerationRoutes);
    await scope.register(reportRoutes, { visitor });
  });
};
