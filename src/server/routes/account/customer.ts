// URL: POST /api/customers/set-onboarded, POST /api/customer/time-zone, POST /api/customer/prepare-cabinet
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customer, emailBody, setOnboardedBody } from "#schemas/api/auth.ts";
import { authedErrors, commonErrors, envelope, errorBody, ok } from "#schemas/api/envelope.ts";
import { timeZoneBody, timeZoneResponseData } from "#schemas/api/time-zone.ts";
import { customers } from "#server/db/schema.ts";
import { requireCustomer } from "#server/plugins/auth.ts";
import { ensureCustomer, isOwnAddress } from "#server/auth/customers.ts";
import { customerWithName } from "#server/accounts/customer-name.ts";
import { LIMITS, throttle } from "#server/platform/throttle.ts";
import { loggedInAsOther } from "#server/quiz/quiz-email-step.ts";
import { descriptions } from "./descriptions.ts";

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.post(
    "/customers/set-onboarded",
    {
      schema: {
        summary: "Mark the logged-in customer as onboarded",
        tags: ["customer"],
        body: setOnboardedBody.nullish(),
        response: { 200: envelope(customer), ...authedErrors },
      },
    },
    async (request) => {
      const me = requireCustomer(request);
      await services.db.update(customers).set({ isOnboarded: true, updatedAt: services.clock.now() }).where(eq(customers.id, me.id));
      return { data: await customerWithName(services.db, services.flows, { ...me, isOnboarded: true }) };
    },
  );

  app.post(
    "/customer/time-zone",
    {
      schema: {
        summary: "Keep the browser's time zone on the account: e-mails write dates and times in it, and name it",
        description: "400 for a name that is not an IANA time zone (e.g. `+01:00`); answers the canonical name kept.",
        tags: ["customer"],
        body: timeZoneBody,
        response: { 200: envelope(timeZoneResponseData), ...authedErrors },
      },
    },
    async (request) => {
      const me = requireCustomer(request);
      const zone = request.body.time_zone;
      await services.db.update(customers).set({ timeZone: zone, updatedAt: services.clock.now() }).where(eq(customers.id, me.id));
      return { data: { time_zone: zone } };
    },
  );

  app.post(
    "/customer/prepare-cabinet",
    {
      schema: {
        summary: "Create the account for an e-mail address if it does not exist yet",
        description: descriptions["POST /customer/prepare-cabinet"],
        tags: ["customer"],
        body: emailBody,
        response: { 200: ok, 409: errorBody, ...commonErrors },
      },
    },
    async (request) => {
      await throttle(app, `prepare-cabinet:ip:${request.ip}`, LIMITS.prepareCabinetPerIp);
      if (request.customer) {
        if (!isOwnAddress(request.customer, request.body.email)) throw loggedInAsOther(request.customer.email);
        return { data: { ok: true as const } };
      }
      await ensureCustomer(services.db, request.body.email);
      return { data: { ok: true as const } };
    },
  );
};
