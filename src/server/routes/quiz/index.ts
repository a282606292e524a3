import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../errors.ts";
import { VISITOR_COOKIE_NAMES, visitorCookie } from "../../services/quiz-visitor.ts";
import { activePromptRoutes } from "./active-prompts.ts";
import { analyzeStatusRoutes } from "./analyze-status.ts";
import { flowStatsRoutes } from "./flow-stats.ts";
import { prepareDataRoutes } from "./prepare-data.ts";
import { quizAnswerRoutes } from "./answers.ts";
import { quizCompleteRoutes } from "./complete.ts";
import { quizEventRoutes } from "./events.ts";
import { quizSessionRoutes } from "./sessions.ts";

/**
 * The quiz calls. The visitor cookie carries authority like the session cookie does, so a write
 * that carries it must say where it comes from (the app-wide guard checks the session cookie only).
 */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const visitor = visitorCookie(app.services.env.NODE_ENV === "production");
  app.addHook("onRequest", async (request) => {
    if (request.method === "GET" || request.method === "HEAD" || request.headers.origin !== undefined) return;
    if (VISITOR_COOKIE_NAMES.some((n) => request.headers.cookie?.includes(`${n}=`))) {
      throw new HttpError(403, "forbidden_origin", "A request from a quiz in progress must say where it comes from (Origin header)");
    }
  });
  await app.register(quizSessionRoutes, { visitor });
  await app.register(quizAnswerRoutes, { visitor });
  await app.register(quizEventRoutes, { visitor });
  await app.register(quizCompleteRoutes, { visitor });
  await app.register(analyzeStatusRoutes, { visitor });
  await app.register(prepareDataRoutes, { visitor });
  await app.register(activePromptRoutes);
  await app.register(flowStatsRoutes);
};
