import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminErrors } from "#schemas/api/admin.ts";
import { errorBody } from "#schemas/api/envelope.ts";
import {
  INTEGRATION_DAYS,
  INTEGRATION_LATEST,
  integrationParams,
  integrationsResponse,
  testEventBody,
  testSentResponse,
} from "#schemas/api/admin-integrations.ts";
import { integrationsOf } from "#server/conversions/integrations.ts";
import { sendTestEvent } from "#server/conversions/test-event.ts";
import { HttpError } from "#server/errors.ts";

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
        description: `The registry's destinations, then any other destination the outbox has rows for (by its key). Days: the last ${INTEGRATION_DAYS} UTC days by the day an event was queued; the latest ${INTEGRATION_LATEST} rows and the latest ${INTEGRATION_LATEST} failed rows per destination. Credentials are never shown, only the names of the variables missing.`,
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
        description:
          "A made-up lead, sent straight to the platform's test channel (Meta: `test_event_code` = META_TEST_EVENT_CODE; GA4: the validation server `/debug/mp/collect`; TikTok: `test_event_code` = TIKTOK_TEST_EVENT_CODE), never through the outbox: it counts nowhere. 404 for a destination with no test; 409 `not_configured` without credentials, 409 `no_test_channel` without the test code (the event would land in live data).",
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
