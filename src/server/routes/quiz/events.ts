// URL: POST /api/quiz/sessions/:id/events
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors, errorBody } from "#schemas/api/envelope.ts";
import { acceptedResponse, eventBody, sessionParams } from "#schemas/api/quiz.ts";
import { recordEvent } from "#server/quiz/quiz-events.ts";
import { QUIZ_LIMITS } from "#server/quiz/quiz-limits.ts";
import { ownedSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { throttle } from "#server/platform/throttle.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { flowRetired, invalidField, sessionNotFound } from "./quiz-errors.ts";
import { descriptions } from "./descriptions.ts";

export const quizEventRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;

  app.post(
    "/quiz/sessions/:id/events",
    {
      schema: {
        summary: "Record that a step was shown (funnel analytics)",
        description: descriptions["POST /quiz/sessions/:id/events"],
        tags: ["quiz"],
        params: sessionParams,
        body: eventBody,
        response: { 202: acceptedResponse, 409: errorBody, ...commonErrors },
      },
    },
    async (request, reply) => {
      await throttle(app, `quiz-event:ip:${request.ip}`, QUIZ_LIMITS.eventPerIp);
      const session = await ownedSession(services.db, request.params.id, callerOf(request, visitor));
      if (!session) throw sessionNotFound();
      await throttle(app, `quiz-event:session:${session.id}`, QUIZ_LIMITS.eventPerSession);
      const flow = services.flows.ofSession(session);
      if (!flow) throw flowRetired();
      const { type, step_id } = request.body;
      if (!flow.steps.some((s) => s.id === step_id)) return reply.status(400).send(invalidField("body.step_id", `${flow.code} has no step "${step_id}"`));
      await recordEvent(services.db, services.clock.now(), session, type, step_id);
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );
};
