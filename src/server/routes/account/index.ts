import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AreaOptions } from "../area-options.ts";
import { billingRoutes } from "./billing.ts";
import { coachingRoutes } from "./coaching.ts";
import { customerRoutes } from "./customer.ts";
import { customerEduPlanRoutes } from "./edu-plans.ts";
import { paidContentRoutes } from "./paid-content.ts";
import { accountSettingsRoutes } from "./settings.ts";
import { subscriptionRoutes } from "./subscriptions.ts";
import { toolEntryRoutes } from "./tool-entries.ts";

/** The logged-in customer's calls, mostly under /customer: settings, plans, tools, coaching, subscriptions, billing. */
export const accountArea: FastifyPluginAsyncZod<AreaOptions> = async (app, { cookie }) => {
  await app.register(accountSettingsRoutes, { cookie });
  await app.register(customerRoutes);
  await app.register(customerEduPlanRoutes);
  await app.register(toolEntryRoutes);
  await app.register(coachingRoutes);
  await app.register(subscriptionRoutes);
  await app.register(billingRoutes);
  await app.register(paidContentRoutes);
};
