import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireOriginOnVisitorWrites } from "#server/plugins/visitor-origin.ts";
import { visitorCookie } from "#server/quiz/quiz-visitor.ts";
import { reportRoutes } from "./session-report.ts";
import { reportGenerationRoutes } from "./start-report-generation.ts";

/** The paid reports: a quiz session's report and PDF, the customer's reports, the example reports, and starting a report's generation. */
export const reportsArea: FastifyPluginAsyncZod = async (app) => {
  requireOriginOnVisitorWrites(app);
  const visitor = visitorCookie(app.services.env.NODE_ENV === "production");
  await app.register(reportGenerationRoutes);
  await app.register(reportRoutes, { visitor });
};
