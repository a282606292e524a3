import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { funnelGraphQuery, funnelGraphResponse } from "#schemas/api/admin-funnel-graph.ts";
import { funnelCodeParams } from "#schemas/api/admin-funnels.ts";
import { adminErrors } from "#schemas/api/admin.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { funnelGraph } from "#server/analytics/funnel-graph.ts";
import { catalogWords } from "#server/analytics/funnel-service.ts";
import { reportQueryOf } from "#server/analytics/report-query.ts";
import { HttpError } from "#server/errors.ts";
import { descriptions } from "./descriptions.ts";

/** `<experiment>:<variant>` as one of the flow's variants, or the reason it is not one. */
function variantOf(flow: CompiledFlow, asked: string | undefined): { experiment: string; is: string } | null {
  if (!asked) return null;
  const [experiment = "", is = ""] = asked.split(":");
  const found = flow.experiments.find((e) => e.id === experiment);
  const known = flow.experiments.flatMap((e) => e.variants.map((v) => `${e.id}:${v.id}`));
  if (!found?.variants.some((v) => v.id === is)) {
    throw new HttpError(400, "unknown_variant", `${flow.code} has no variant "${asked}"; its variants: ${known.join(", ") || "none"}`);
  }
  return { experiment, is };
}

/** /api/admin/funnels/:code/graph: the funnel drawn as its compiled machine, with the window's runs on it (ADR 063). */
export const funnelGraphRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/funnels/:code/graph",
    {
      schema: {
        summary: "A flow's steps and transitions, from its compiled machine, with the runs of a window on each",
        description: descriptions["GET /funnels/:code/graph"],
        tags: ["admin"],
        params: funnelCodeParams,
        querystring: funnelGraphQuery,
        response: { 200: funnelGraphResponse, ...adminErrors },
      },
    },
    async (request) => {
      const flow = services.flows.byCode(request.params.code);
      if (!flow) throw new HttpError(404, "not_found", `No flow with code "${request.params.code}" is loaded`);
      const { since, until, variant } = request.query;
      const asked = reportQueryOf(flow, { since, until, format: "json" }, services.clock.now());
      if (!asked.ok) throw new HttpError(400, asked.code, asked.problem);
      const query = { ...asked.query, variant: variantOf(flow, variant) };
      return { data: await funnelGraph(services.db, flow, query, await catalogWords(services.db)) };
    },
  );
};
