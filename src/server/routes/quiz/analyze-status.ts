// URL: GET /api/quiz-analyze/get-latest-result-analyze-status
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors } from "#schemas/api/envelope.ts";
import { analyzeStatusResponse } from "#schemas/api/quiz.ts";
import { eq } from "drizzle-orm";
import { reportRequests } from "#server/db/schema.ts";
import { latestSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";

export const analyzeStatusRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;

  app.get(
    "/quiz-analyze/get-latest-result-analyze-status",
    {
      schema: {
        summary: "Where the caller's latest quiz is: none, in progress, analysing or ready, and its paid report's build status",
        description: "The preparing step polls this. The caller is the browser's visitor cookie or the logged-in customer.",
        tags: ["quiz"],
        response: { 200: analyzeStatusResponse, ...commonErrors },
      },
    },
    async (request) => {
      const session = await latestSession(services.db, callerOf(request, visitor));
      if (!session) return { data: { status: "none" as const, session_id: null, flow_code: null, report: null, report_status: null } };
      const report = services.flows.ofSession(session)?.report ?? null;
      const [built] = await services.db.select({ status: reportRequests.status }).from(reportRequests).where(eq(reportRequests.quizSessionId, session.id));
      return { data: { status: session.status, session_id: session.id, flow_code: session.flowCode, report, report_status: built?.status ?? null } };
    },
  );
};
