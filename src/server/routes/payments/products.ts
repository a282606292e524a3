// URL: GET /api/payment/products/paypro
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { commonErrors, envelope } from "#schemas/api/envelope.ts";
import { productsQuery, productView as productViewSchema } from "#schemas/api/payments.ts";
import { notFound } from "#server/errors.ts";
import { locate } from "#server/platform/location.ts";
import { plansOnOffer } from "#engine/flow/offer.ts";
import { activeProducts, productView } from "#server/payments/products.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { ownedSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { sessionOffer } from "#server/quiz/session-offer.ts";
import { descriptions } from "./descriptions.ts";

/** The plans on sale (spec §7: GET /payment/products/paypro, the list in data.data; it serves every provider). */
export const paymentRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  app.get(
    "/payment/products/paypro",
    {
      schema: {
        summary: "The plans on sale, priced in one currency; with a session, that session's offer",
        description: descriptions["GET /payment/products/paypro"],
        tags: ["payments"],
        querystring: productsQuery,
        response: { 200: envelope(z.array(productViewSchema)), ...commonErrors },
      },
    },
    async (request, reply) => {
      const { session_id } = request.query;
      const session = session_id ? await ownedSession(app.services.db, session_id, callerOf(request, visitor)) : null;
      if (session_id && !session) throw notFound("Quiz session");
      const offer = session ? sessionOffer(app.services.flows, session) : null;
      const currency = request.query.currency ?? locate(request.headers, app.services.env.GEO_COUNTRY_HEADER).currency;
      const [plans, mostPopular] = await Promise.all([activeProducts(app.services.db), app.services.flowStats.mostPopularPlan()]);
      const list = plansOnOffer(plans, offer)
        .map((p) => productView(p, currency, mostPopular, offer?.preselected ?? null))
        .filter((v) => v !== null);
      void reply.header("cache-control", "private, max-age=60").header("vary", "accept-language");
      return { data: list };
    },
  );
};
