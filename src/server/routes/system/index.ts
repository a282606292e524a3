import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { feedbackRoutes } from "./feedback.ts";
import { healthRoutes } from "./health.ts";
import { locationRoutes } from "./location.ts";
import { logRoutes } from "./log.ts";

/** The service's own calls: /health, /location, /log and /feedback. */
export const systemArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(locationRoutes);
  await app.register(logRoutes);
  await app.register(feedbackRoutes);
};
