// URL: GET /api/customer/billing, GET /api/customer/billing/:orderId
import { supportAddress } from "#server/platform/support-address.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { billingHistoryResponse, orderIdParams, receiptResponse } from "#schemas/api/billing.ts";
import { authedErrors } from "#schemas/api/envelope.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { billingHistory, receiptOf } from "#server/payments/billing-history.ts";

/** The logged-in customer's billing history and receipts (account → profile). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env } = app.services;
  const tags = ["billing"];

  app.get(
    "/customer/billing",
    {
      schema: {
        summary: "Every charge (first payments and renewals) and every refund, newest first",
        description: "A refund is its own line. 401 when logged out.",
        tags,
        response: { 200: billingHistoryResponse, ...authedErrors },
      },
    },
    async (request) => ({ data: await billingHistory(db, requireCustomer(request).id) }),
  );

  app.get(
    "/customer/billing/:orderId",
    {
      schema: {
        summary: "The receipt of one charge: plan, amount, date, payment method, refund if any",
        description: "404 for another customer's order and for one that never charged (pending, declined). 401 when logged out.",
        tags,
        params: orderIdParams,
        response: { 200: receiptResponse, ...authedErrors },
      },
    },
    async (request) => ({
      data: await receiptOf(db, requireCustomer(request).id, request.params.orderId, {
        name: "Pathwise",
        website: env.APP_ORIGIN,
        support_email: await supportAddress(db),
      }),
    }),
  );
};
