import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  experimentPlanQuery,
  experimentPlanResponse,
  funnelCodeParams,
  funnelReportQuery,
  funnelReportResponse,
  flowListingResponse,
} from "#schemas/api/admin-funnels.ts";
import { experimentPlanOf } from "#server/analytics/experiment-plan.ts";
import { adminErrors } from "#schemas/api/admin.ts";
import { listFlows, VARIANT_RUNS_DAYS } from "#server/analytics/flow-listing.ts";
import { funnelReportInWords, statisticsKeeper } from "#server/analytics/funnel-service.ts";
import { csvFileName, renderFunnelCsv } from "#server/analytics/render/render-funnel-csv.ts";
import { reportQueryOf } from "#server/analytics/report-query.ts";
import { HttpError } from "#server/errors.ts";
import { followUpCountsResponse } from "#schemas/api/admin-follow-ups.ts";
import { followUpCountsOf } from "#server/follow-ups/counts.ts";
import { descriptions } from "./descriptions.ts";

/**
 * /api/admin/funnels: the flows and their live figures, read from the database the app writes at
 * the moment of the request (docs/analytics.md). The guard in index.ts lets only staff and the
 * operator's tools in.
 */
export const funnelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const freshStatistics = statisticsKeeper(services.database, services.clock);

  app.get(
    "/funnels",
    {
      schema: {
        summary: "Every loaded flow: its live version, runs per version, experiments and steps",
        description: `Runs per variant count the last ${VARIANT_RUNS_DAYS} days. Titles are in words (catalogue codes resolved).`,
        tags: ["admin"],
        response: { 200: flowListingResponse, ...adminErrors },
      },
    },
    async () => ({ data: await listFlows(services.db, services.flows.all(), services.clock.now()) }),
  );

  app.get(
    "/funnels/:code/report",
    {
      schema: {
        summary: "A flow's funnel figures over a window: steps, groups with their tests, the daily trend",
        description: descriptions["GET /funnels/:code/report"],
        tags: ["admin"],
        params: funnelCodeParams,
        querystring: funnelReportQuery,
        response: { 200: funnelReportResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      const flow = services.flows.byCode(request.params.code);
      if (!flow) throw new HttpError(404, "not_found", `No flow with code "${request.params.code}" is loaded`);
      const asked = reportQueryOf(flow, request.query, services.clock.now());
      if (!asked.ok) throw new HttpError(400, asked.code, asked.problem);
      await freshStatistics();
      const report = await funnelReportInWords(services.db, flow, asked.query);
      if (request.query.format === "csv") {
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${csvFileName(report)}"`)
          .send(renderFunnelCsv(report) as never);
      }
      return { data: report };
    },
  );

  app.get(
    "/funnels/:code/plan",
    {
      schema: {
        summary: "The sample-size planner: visitors per variant and days at the flow's traffic (ADR 064)",
        description: descriptions["GET /funnels/:code/plan"],
        tags: ["admin"],
        params: funnelCodeParams,
        querystring: experimentPlanQuery,
        response: { 200: experimentPlanResponse, ...adminErrors },
      },
    },
    async (request) => {
      const flow = services.flows.byCode(request.params.code);
      if (!flow) throw new HttpError(404, "not_found", `No flow with code "${request.params.code}" is loaded`);
      const { baseline, lift, variants, since, until } = request.query;
      const asked = reportQueryOf(flow, { since, until, format: "json" }, services.clock.now());
      if (!asked.ok) throw new HttpError(400, asked.code, asked.problem);
      return { data: await experimentPlanOf(services.db, { flow: flow.code, baseline, lift, variants, since: asked.query.since, until: asked.query.until }) };
    },
  );

  app.get(
    "/funnels/:code/follow-ups",
    {
      schema: {
        summary: "A flow's follow-up e-mails (ADR 060): scheduled, sent, cancelled, links opened, bought after",
        description: descriptions["GET /funnels/:code/follow-ups"],
        tags: ["admin"],
        params: funnelCodeParams,
        response: { 200: followUpCountsResponse, ...adminErrors },
      },
    },
    async (request) => {
      const flow = services.flows.byCode(request.params.code);
      if (!flow) throw new HttpError(404, "not_found", `No flow with code "${request.params.code}" is loaded`);
      return { data: await followUpCountsOf(services.db, flow) };
    },
  );
};
