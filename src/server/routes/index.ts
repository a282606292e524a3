import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SessionCookie } from "../plugins/auth.ts";
import { accountSettingsRoutes } from "./account-settings.ts";
import { articleRoutes } from "./articles.ts";
import { authRoutes } from "./auth.ts";
import { careerToolkitRoutes } from "./career-toolkit.ts";
import { catalogRoutes } from "./catalog.ts";
import { customerRoutes } from "./customers.ts";
import { customerEduPlanRoutes } from "./customer-edu-plans.ts";
import { eduPlanRoutes } from "./edu-plans.ts";
import { feedbackRoutes } from "./feedback.ts";
import { healthRoutes } from "./health.ts";
import { locationRoutes } from "./location.ts";
import { logRoutes } from "./log.ts";
import { paidContentRoutes } from "./paid-content.ts";
import { passwordRoutes } from "./passwords.ts";
import { paymentsApiRoutes } from "./payments-api.ts";
import { professionRoutes } from "./professions.ts";
import { quizRoutes } from "./quiz.ts";
import { subscriptionRoutes } from "./subscriptions.ts";
import { toolEntryRoutes } from "./tool-entries.ts";
import { toolRoutes } from "./tools.ts";

export type RouteOptions = { cookie: SessionCookie };

/** Every call under /api. */
export const apiRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(authRoutes, { cookie: options.cookie });
  await app.register(passwordRoutes, { cookie: options.cookie });
  await app.register(accountSettingsRoutes, { cookie: options.cookie });
  await app.register(customerRoutes);
  await app.register(locationRoutes);
  await app.register(eduPlanRoutes);
  await app.register(customerEduPlanRoutes);
  await app.register(articleRoutes);
  await app.register(toolRoutes);
  await app.register(toolEntryRoutes);
  await app.register(careerToolkitRoutes);
  await app.register(professionRoutes);
  await app.register(logRoutes);
  await app.register(feedbackRoutes);
  await app.register(quizRoutes);
  await app.register(paymentsApiRoutes);
  await app.register(subscriptionRoutes);
  await app.register(paidContentRoutes);
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
};
