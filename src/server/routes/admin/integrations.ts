import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminErrors } from "#schemas/api/admin.ts";
import { errorBody } from "#schemas/api/envelope.ts";
import { integrationParams, integrationsResponse, testEventBody, testSentResponse } from "#schemas/api/admin-integrations.ts";
import { integrationsOf } from "#server/conversions/integrations.ts";
import { sendTestEvent } from "#server/conversions/test-event.ts";
import { HttpError } from "#server/errors.ts";
import { descriptions } from "./descriptions.ts";

/**
 * /api/admin/integrations: where conversion events go and how their delivery went (ADR 062,
 * docs/admin.md), and the test button. The guard in index.ts lets only staff and the operator's tools in.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/integrations",
    {
      schema: {
        summary: "Every conversion destination: configured or not, events per day, the latest deliveries and failures",
        description: descriptions["GET /integrations"],
        tags: ["admin"],
        response: { 200: integrationsResponse, ...adminErrors },
      },
    },
    async () => ({ data: await integrationsOf(services.db, services.env) }),
  );

  app.post(
    "/integrations/:destination/test",
    {
      schema: {
        summary: "Send one test event to a destination now and answer with what the platform said",
        description: descriptions["POST /integrations/:destination/test"],
        tags: ["admin"],
        params: integrationParams,
        body: testEventBody,
        response: { 200: testSentResponse, 409: errorBody, ...adminErrors },
      },
    },
    async (request) => {
      const who = { clientIp: request.ip, userAgent: request.headers["user-agent"] ?? "Pathwise console" };
      const outcome = await sendTestEvent(services.env, services.conversions.send, request.params.destination, who, services.clock.now());
      if ("notSent" in outcome) throw new HttpError(outcome.notSent.status, outcome.notSent.code, outcome.notSent.message);
      request.log.info(
        { destination: outcome.sent.destination, eventId: outcome.sent.eventId, httpStatus: outcome.sent.httpStatus },
        "conversion test event sent",
      );
      return { data: outcome.sent };
    },
  );
};
