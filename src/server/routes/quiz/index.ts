import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireOriginOnVisitorWrites } from "#server/plugins/visitor-origin.ts";
import { visitorCookie } from "#server/quiz/quiz-visitor.ts";
import { activePromptRoutes } from "./active-prompts.ts";
import { analyzeStatusRoutes } from "./analyze-status.ts";
import { quizAnswerRoutes } from "./answers.ts";
import { quizCompleteRoutes } from "./complete.ts";
import { quizEventRoutes } from "./events.ts";
import { flowStatsRoutes } from "./flow-stats.ts";
import { flowRoutes } from "./flows.ts";
import { prepareDataRoutes } from "./prepare-data.ts";
import { quizSessionRoutes } from "./sessions.ts";

/** The quiz calls: sessions, answers, events, completion, the analyse status and prepared data, the active prompts and a flow's stats. */
export const quizArea: FastifyPluginAsyncZod = async (app) => {
  requireOriginOnVisitorWrites(app);
  const visitor = visitorCookie(app.services.env.NODE_ENV === "production");
  await app.register(quizSessionRoutes, { visitor });
  await app.register(quizAnswerRoutes, { visitor });
  await app.register(quizEventRoutes, { visitor });
  await app.register(quizCompleteRoutes, { visitor });
  await app.register(analyzeStatusRoutes, { visitor });
  await app.register(prepareDataRoutes, { visitor });
  await app.register(activePromptRoutes);
  await app.register(flowStatsRoutes);
  await app.register(flowRoutes);
};
