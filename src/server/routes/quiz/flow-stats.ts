// URL: GET /api/quiz/flows/:code/stats
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors } from "#schemas/api/envelope.ts";
import { flowStatsParams, flowStatsResponse } from "#schemas/api/quiz.ts";
import { notFound } from "#server/errors.ts";
import { FLOW_STATS_TTL_SECONDS } from "#server/quiz/flow-stats.ts";

export const flowStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/quiz/flows/:code/stats",
    {
      schema: {
        summary: "How many people finished a quiz in the last 30 days",
        description: "The number a funnel's social-proof line shows (only from its `minimum` up). Counted from our own sessions, at most every ten minutes.",
        tags: ["quiz"],
        params: flowStatsParams,
        response: { 200: flowStatsResponse, ...commonErrors },
      },
    },
    async (request, reply) => {
      const flow = services.flows.byCode(request.params.code);
      if (!flow) throw notFound("Quiz");
      void reply.header("cache-control", `public, max-age=${FLOW_STATS_TTL_SECONDS}`);
      return { data: { finished_30d: await services.flowStats.finishedLast30Days(flow.code) } };
    },
  );
};
