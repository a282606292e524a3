import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isQuestion } from "#engine/flow/kinds/index.ts";
import { commonErrors } from "#schemas/api/envelope.ts";
import { prepareDataQuery, preparedDataResponse } from "#schemas/api/quiz.ts";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";
import { currentAnswers, latestSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { flowNotFound, sessionNotFound } from "./quiz-errors.ts";
import { scoresView } from "./scores-view.ts";

/** The text answer of the flow's first step of a kind (name, email), or null. */
function answerOfKind(flow: CompiledFlow, answers: Answers, kind: "name" | "email"): string | null {
  const value = flow.steps
    .filter((s) => s.kind === kind)
    .map((s) => answers[s.id])
    .find((v) => typeof v === "string" && v !== "");
  return typeof value === "string" ? value : null;
}

export const prepareDataRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;

  app.get(
    "/prepare-data",
    {
      schema: {
        summary: "The caller's latest session of a quiz: who, how far, and the server-computed scores",
        description: "client_system_code is the quiz code. 404 when the quiz does not exist or the caller has no session of it.",
        tags: ["quiz"],
        querystring: prepareDataQuery,
        response: { 200: preparedDataResponse, ...commonErrors },
      },
    },
    async (request) => {
      const live = services.flows.byCode(request.query.client_system_code);
      if (!live) throw flowNotFound(request.query.client_system_code);
      const session = await latestSession(services.db, callerOf(request, visitor), { flowCode: live.code });
      if (!session) throw sessionNotFound();
      // Its answers are read with the version it ran (ADR 066).
      const flow = services.flows.ofSession(session) ?? live;
      const answers = await currentAnswers(services.db, flow, session.id);
      const answered = flow.steps.filter((s) => isQuestion(s) && s.id in answers).length;
      return {
        data: {
          session_id: session.id,
          flow_code: flow.code,
          report: flow.report,
          status: session.status,
          name: answerOfKind(flow, answers, "name"),
          email: answerOfKind(flow, answers, "email"),
          scores: session.scores ? scoresView(session.scores) : null,
          answered,
        },
      };
    },
  );
};
