// URL: POST /api/quiz/sessions/:id/complete
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors, errorBody } from "#schemas/api/envelope.ts";
import { completedResponse, emptyBody, sessionParams } from "#schemas/api/quiz.ts";
import { HttpError } from "#server/errors.ts";
import { completeSession } from "#server/quiz/quiz-complete.ts";
import { QUIZ_LIMITS } from "#server/quiz/quiz-limits.ts";
import { currentAnswers, ownedSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { throttle } from "#server/platform/throttle.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { flowRetired, sessionNotFound } from "./quiz-errors.ts";
import { scoresView } from "./scores-view.ts";
import { descriptions } from "./descriptions.ts";

export const quizCompleteRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;

  app.post(
    "/quiz/sessions/:id/complete",
    {
      schema: {
        summary: "Finish the quiz: the server scores the stored answers",
        description: descriptions["POST /quiz/sessions/:id/complete"],
        tags: ["quiz"],
        params: sessionParams,
        body: emptyBody,
        response: { 200: completedResponse, 409: errorBody, ...commonErrors },
      },
    },
    async (request) => {
      // Three round trips, not eight: each waits its turn for a connection and for the event loop,
      // which under a burst made completes the calls cut off at the socket's limit (ADR 040). What
      // runs side by side only reads; nothing is written before both limits passed.
      const [, session] = await Promise.all([
        throttle(app, `quiz-complete:ip:${request.ip}`, QUIZ_LIMITS.completePerIp),
        ownedSession(services.db, request.params.id, callerOf(request, visitor)),
      ]);
      if (!session) throw sessionNotFound();
      const flow = services.flows.ofSession(session);
      const [, answers] = await Promise.all([
        throttle(app, `quiz-complete:session:${session.id}`, QUIZ_LIMITS.completePerSession),
        flow ? currentAnswers(services.db, flow, session.id) : null,
      ]);
      if (!flow || !answers) throw flowRetired();
      const done = await completeSession(services.db, services.clock, session, flow, answers);
      if (!done.ok) throw new HttpError(409, "quiz_incomplete", `Answer step ${done.missing} before finishing the quiz`);
      return { data: { session_id: session.id, status: "ready" as const, report: flow.report, scores: scoresView(done.scores) } };
    },
  );
};
