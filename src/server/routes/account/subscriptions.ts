// URL: GET /api/customer/subscriptions, GET /api/customer/check-subscription, POST /api/subscription/{pause,discount/apply,cancel,restart}
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authedErrors, envelope, errorBody } from "#schemas/api/envelope.ts";
import { cancelBody, discountBody, pauseBody, restartBody, subIdQuery, subscriptionView } from "#schemas/api/payments.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { customerSubscriptions, ownedSubscription, subscriptionViewOf } from "#server/payments/subscriptions.ts";
import {
  cancelSubscription,
  clientIdempotencyKey,
  discountSubscription,
  pauseSubscription,
  restartSubscription,
  type ChangeDeps,
} from "#server/payments/subscriptions-changes.ts";
import { descriptions, idempotencyNote } from "./descriptions.ts";

const one = envelope(subscriptionView);
/** A change can also meet a state that forbids it (409) or a provider that does not answer (502). */
const changeErrors = { ...authedErrors, 409: errorBody, 502: errorBody } as const;

/** The customer's subscriptions: list, check, pause, discount, cancel. Another customer's `sub_id` is a 404. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, clock, mail } = app.services;
  const tags = ["subscriptions"];
  const percents = env.RETENTION_DISCOUNT_PERCENTS;
  const deps = (log: ChangeDeps["log"]): ChangeDeps => ({
    db,
    clock,
    mail,
    log,
    provider: app.subscriptionProvider,
    appOrigin: env.APP_ORIGIN,
    discountPercents: percents,
  });

  app.get(
    "/customer/subscriptions",
    {
      schema: {
        summary: "The customer's subscriptions (my plans): status, next charge with any discount, access end, offers left",
        tags,
        response: { 200: envelope(z.array(subscriptionView)), ...authedErrors },
      },
    },
    async (request) => ({ data: (await customerSubscriptions(db, requireCustomer(request).id)).map((s) => subscriptionViewOf(s, percents)) }),
  );

  app.get(
    "/customer/check-subscription",
    {
      schema: {
        summary: "One of the customer's subscriptions (`ts` is a cache-buster and is ignored)",
        tags,
        querystring: subIdQuery,
        response: { 200: one, ...authedErrors },
      },
    },
    async (request) => ({ data: subscriptionViewOf(await ownedSubscription(db, requireCustomer(request).id, request.query.sub_id), percents) }),
  );

  app.post(
    "/subscription/pause",
    {
      schema: {
        summary: "Pause billing for 1–3 months: the next charge moves by that much; access runs to the end of the paid period",
        description: `One pause at a time (a second is 409). ${idempotencyNote}`,
        tags,
        body: pauseBody,
        response: { 200: one, ...changeErrors },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const key = clientIdempotencyKey(request.headers["idempotency-key"]);
      return { data: await pauseSubscription(deps(request.log), customer.id, request.body.sub_id, request.body.months, key) };
    },
  );

  app.post(
    "/subscription/discount/apply",
    {
      schema: {
        summary: "Apply the retention discount to every future renewal (once per subscription)",
        description: `Allowed percents come from RETENTION_DISCOUNT_PERCENTS (another is 400); a second discount is 409. ${idempotencyNote}`,
        tags,
        body: discountBody,
        response: { 200: one, ...changeErrors },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const key = clientIdempotencyKey(request.headers["idempotency-key"]);
      return { data: await discountSubscription(deps(request.log), customer.id, request.body.sub_id, request.body.percent, key) };
    },
  );

  app.post(
    "/subscription/cancel",
    {
      schema: {
        summary: "Cancel: no further charges, access to the end of the paid period, confirmed by e-mail",
        description: `Cancelling a cancelled or ended subscription changes nothing and answers its state. ${idempotencyNote}`,
        tags,
        body: cancelBody,
        response: { 200: one, ...changeErrors },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const key = clientIdempotencyKey(request.headers["idempotency-key"]);
      const reason = request.body.reason?.trim() || null;
      return { data: await cancelSubscription(deps(request.log), customer.id, request.body.sub_id, reason, key) };
    },
  );

  app.post(
    "/subscription/restart",
    {
      schema: {
        summary: "Restart a cancelled plan while its paid time runs: renewals start again at the end of the paid period; nothing is charged now",
        description: descriptions["POST /subscription/restart"],
        tags,
        body: restartBody,
        response: { 200: one, ...changeErrors },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const key = clientIdempotencyKey(request.headers["idempotency-key"]);
      return { data: await restartSubscription(deps(request.log), customer.id, request.body.sub_id, key) };
    },
  );
};
