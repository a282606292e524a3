// URL: GET /api/quiz/flows/:code, GET /api/quiz/flows/:code/versions/:hash
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors } from "#schemas/api/envelope.ts";
import { compiledFlowResponse, flowParams, flowVersionParams } from "#schemas/api/quiz.ts";
import { notFound } from "#server/errors.ts";
import type { BrowserFlow } from "#server/reports/browser-flow.ts";

/** Each version's answer (with its report's claims rule, src/server/reports/browser-flow.ts), serialised once. */
const bodies = new WeakMap<BrowserFlow, string>();
const bodyOf = (flow: BrowserFlow) => {
  let body = bodies.get(flow);
  if (body === undefined) bodies.set(flow, (body = JSON.stringify({ data: flow })));
  return body;
};
const sendFlow = (reply: FastifyReply, flow: BrowserFlow, cache: string) =>
  reply.header("cache-control", cache).type("application/json; charset=utf-8").send(bodyOf(flow));

/**
 * The flows the browser runs come from the server, not from the build (ADR 066): a published version
 * is what the next visitor loads, and a visitor pinned to a version loads that one by its hash.
 */
export const flowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/quiz/flows/:code",
    {
      schema: {
        summary: "The live version of a quiz, compiled",
        description: "What a new visitor runs: the newest version deployed or published. Never cached: a publish is live at the next load.",
        tags: ["quiz"],
        params: flowParams,
        response: { 200: compiledFlowResponse, ...commonErrors },
      },
    },
    async (request, reply) => {
      const flow = services.flows.byCode(request.params.code);
      if (!flow) throw notFound("Quiz");
      return sendFlow(reply, services.reports.browserFlow(flow), "no-cache");
    },
  );

  app.get(
    "/quiz/flows/:code/versions/:hash",
    {
      schema: {
        summary: "One version of a quiz by its hash, live or earlier",
        description: "What a visitor mid-quiz keeps running after a new version went live. Cached for a year: a version never changes.",
        tags: ["quiz"],
        params: flowVersionParams,
        response: { 200: compiledFlowResponse, ...commonErrors },
      },
    },
    async (request, reply) => {
      const flow = await services.versions.byHash(request.params.hash, request.log);
      if (!flow || flow.code !== request.params.code) throw notFound("Quiz version");
      return sendFlow(reply, services.reports.browserFlow(flow), "public, max-age=31536000, immutable");
    },
  );
};
