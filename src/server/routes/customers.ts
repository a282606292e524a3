import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customer, emailBody, setOnboardedBody } from "../../../schemas/api/auth.ts";
import { authedErrors, commonErrors, envelope, ok } from "../../../schemas/api/envelope.ts";
import { customers } from "../db/schema.ts";
import { requireCustomer } from "../plugins/auth.ts";
import { customerView, ensureCustomer } from "../services/customers.ts";
import { LIMITS, throttle } from "../services/throttle.ts";

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
      return { data: customerView({ ...me, isOnboarded: true }) };
    },
  );

  app.post(
    "/customer/prepare-cabinet",
    {
      schema: {
        summary: "Create the account for an e-mail address if it does not exist yet",
        description: "Idempotent; logs nobody in; answers the same for new and existing addresses.",
        tags: ["customer"],
        body: emailBody,
        response: { 200: ok, ...commonErrors },
      },
    },
    async (request) => {
      await throttle(app, `prepare-cabinet:ip:${request.ip}`, LIMITS.prepareCabinetPerIp);
      await ensureCustomer(services.db, request.body.email);
      return { data: { ok: true as const } };
    },
  );
};
