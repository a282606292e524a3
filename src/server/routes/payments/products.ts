// URL: GET /api/payment/products/paypro
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { commonErrors, envelope } from "#schemas/api/envelope.ts";
import { productsQuery, productView as productViewSchema } from "#schemas/api/payments.ts";
import { locate } from "#server/services/location.ts";
import { activeProducts, productView } from "#server/services/products.ts";

/** The plans on sale (spec §7: GET /payment/products/paypro, the list in data.data; it serves every provider). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/payment/products/paypro",
    {
      schema: {
        summary: "The plans on sale, priced in one currency",
        description:
          "Every active plan, sorted as in content/products. Priced in ?currency= when given, else in the currency GET /location gives this request. Amounts are minor units (1999 = 19.99). `most_popular` marks the plan with the most paid first orders of the last 30 days, when there are at least 20 (counted every ten minutes).",
        tags: ["payments"],
        querystring: productsQuery,
        response: { 200: envelope(z.array(productViewSchema)), ...commonErrors },
      },
    },
    async (request, reply) => {
      const currency = request.query.currency ?? locate(request.headers, app.services.env.GEO_COUNTRY_HEADER).currency;
      const [plans, mostPopular] = await Promise.all([activeProducts(app.services.db), app.services.flowStats.mostPopularPlan()]);
      const list = plans.map((p) => productView(p, currency, mostPopular)).filter((v) => v !== null);
      void reply.header("cache-control", "private, max-age=60").header("vary", "accept-language");
      return { data: list };
    },
  );
};
