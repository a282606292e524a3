import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminErrors } from "#schemas/api/admin.ts";
import {
  endpointUrlRefusal,
  webhookCreateBody,
  webhookCreated,
  webhookDeleted,
  webhookDeliveries,
  webhookDeliveryOne,
  webhookDeliveryParams,
  webhookEnabledBody,
  webhookList,
  webhookOne,
  webhookParams,
  webhookEmptyBody,
} from "#schemas/api/admin-webhooks.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  setWebhookEnabled,
  webhookEndpointExists,
} from "#server/conversions/webhook-endpoints.ts";
import { HttpError, notFound } from "#server/errors.ts";

const ENDPOINT = "Webhook endpoint";

/**
 * /api/admin/webhooks: the team's own endpoints for signed conversion events (ADR 061,
 * docs/conversions.md § Webhooks), their delivery log and "Send again". Staff only (index.ts).
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/webhooks",
    { schema: { summary: "The webhook endpoints, oldest first (never their secrets)", tags: ["admin"], response: { 200: webhookList, ...adminErrors } } },
    async () => ({ data: await listWebhookEndpoints(services.db) }),
  );

  app.post(
    "/webhooks",
    {
      schema: {
        summary: "Register a webhook endpoint; the answer holds its signing secret, this once",
        description: "400 invalid_request for an address that is not http(s), a kind that is not sent, or http:// in production (400 https_required).",
        tags: ["admin"],
        body: webhookCreateBody,
        response: { 200: webhookCreated, ...adminErrors },
      },
    },
    async (request) => {
      const refusal = endpointUrlRefusal(request.body.url, services.env.NODE_ENV);
      if (refusal) throw new HttpError(400, "https_required", `body.url: ${refusal}`);
      return { data: await createWebhookEndpoint(services.db, request.body) };
    },
  );

  app.post(
    "/webhooks/:id/enabled",
    {
      schema: {
        summary: "Turn an endpoint on or off",
        description: "An endpoint that is off is sent nothing new; deliveries queued before still go.",
        tags: ["admin"],
        params: webhookParams,
        body: webhookEnabledBody,
        response: { 200: webhookOne, ...adminErrors },
      },
    },
    async (request) => {
      const endpoint = await setWebhookEnabled(services.db, request.params.id, request.body.enabled);
      if (!endpoint) throw notFound(ENDPOINT);
      return { data: endpoint };
    },
  );

  app.post(
    "/webhooks/:id/delete",
    {
      schema: {
        summary: "Delete an endpoint; its deliveries not sent yet are cancelled",
        tags: ["admin"],
        params: webhookParams,
        body: webhookEmptyBody,
        response: { 200: webhookDeleted, ...adminErrors },
      },
    },
    async (request) => {
      const deleted = await deleteWebhookEndpoint(services.db, request.params.id);
      if (!deleted) throw notFound(ENDPOINT);
      return { data: deleted };
    },
  );

  app.get(
    "/webhooks/:id/deliveries",
    {
      schema: {
        summary: "An endpoint's latest deliveries, newest first",
        tags: ["admin"],
        params: webhookParams,
        response: { 200: webhookDeliveries, ...adminErrors },
      },
    },
    async (request) => {
      if (!(await webhookEndpointExists(services.db, request.params.id))) throw notFound(ENDPOINT);
      return { data: await listWebhookDeliveries(services.db, request.params.id) };
    },
  );

  app.post(
    "/webhooks/:id/deliveries/:deliveryId/send-again",
    {
      schema: {
        summary: "Send a delivery again: same event, same webhook-id, a new attempt",
        description: "Only a delivery that is over (sent or failed); 409 delivery_pending while it is still queued.",
        tags: ["admin"],
        params: webhookDeliveryParams,
        body: webhookEmptyBody,
        response: { 200: webhookDeliveryOne, 409: adminErrors[403], ...adminErrors },
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      const resent = await resendWebhookDelivery(services.db, id, deliveryId);
      if (resent === null) throw notFound("Delivery");
      if (resent === "busy") throw new HttpError(409, "delivery_pending", "This delivery is still queued (or was cancelled): it cannot be sent again now");
      services.conversions.kick();
      return { data: resent };
    },
  );
};
