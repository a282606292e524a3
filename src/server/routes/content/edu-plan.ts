// URL: GET /api/edu-plan/list, GET /api/edu-plan/:id
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors } from "#schemas/api/envelope.ts";
import { eduPlanList, idParam } from "#schemas/api/edu-plans.ts";
import { findPublishedPlan, listPublishedPlans, planView } from "#server/content/edu-plans.ts";

export const eduPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    "/edu-plan/list",
    { schema: { summary: "Education plans anyone can take", tags: ["plans"], response: { 200: eduPlanList, ...commonErrors } } },
    async () => ({ data: (await listPublishedPlans(db)).map((row) => planView(row)) }),
  );

  app.get(
    "/edu-plan/:id",
    {
      schema: {
        summary: "One education plan (as a one-item list)",
        tags: ["plans"],
        params: idParam,
        response: { 200: eduPlanList, ...commonErrors },
      },
    },
    async (request) => ({ data: [planView(await findPublishedPlan(db, request.params.id))] }),
  );
};
