// URL: POST /api/quiz/sessions/:id/answers
import type { FastifyRequest, FastifySerializerCompiler } from "fastify";
import { serializerCompiler, type FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { commonErrors, errorBody } from "#schemas/api/envelope.ts";
import { answerBody, savedResponse, sessionParams } from "#schemas/api/quiz.ts";
import { isQuestion } from "#engine/flow/kinds/index.ts";
import { validateAnswer } from "#engine/flow/validate-answer.ts";
import { saveAnswer } from "#server/quiz/quiz-answers.ts";
import { QUIZ_LIMITS } from "#server/quiz/quiz-limits.ts";
import { ownedSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { rateLimited, throttle } from "#server/platform/throttle.ts";
import { saveAnswerInOneTrip } from "#server/quiz/quiz-answer-one-trip.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { emailStepCustomer, mailResumeLink } from "#server/quiz/quiz-email-step.ts";
import { visitorSignals } from "#server/conversions/visitor-signals.ts";
import { scheduleFollowUps } from "#server/follow-ups/schedule.ts";
import { adoptBrowserConsent } from "#server/quiz/consent.ts";
import { flowChanged, flowRetired, invalidField, quizFinished, sessionNotFound } from "./quiz-errors.ts";
import { descriptions } from "./descriptions.ts";

/** The answer to every save, checked against its schema and serialised once (ADR 041: not on every call). */
const SAVED = Object.freeze({ data: Object.freeze({ saved: true as const }) });
const SAVED_JSON = JSON.stringify(savedResponse.parse(SAVED));
/** The route's serialiser: the save's answer as serialised once, anything else as every route does. */
const serializeSaved: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data: unknown) => (data === SAVED ? SAVED_JSON : serialize(data));
};

export const quizAnswerRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;

  /**
   * The hot path, in one database round trip: a valid answer, to a step other than the e-mail step,
   * in a flow version this server runs. Anything else (an error to explain, the e-mail step's
   * customer and mail) takes the full path below, which answers the same way step by step.
   */
  async function oneTrip(request: FastifyRequest<{ Params: z.infer<typeof sessionParams>; Body: z.infer<typeof answerBody> }>) {
    const { step_id, value, flow_hash } = request.body;
    const flow = services.flows.byHash(flow_hash);
    const step = flow?.steps.find((s) => s.id === step_id);
    if (!flow || !step || step.kind === "email") return false;
    const checked = validateAnswer(flow, step_id, value);
    if (!checked.ok) return false;
    const result = await saveAnswerInOneTrip(services.database, services.clock, {
      sessionId: request.params.id,
      caller: callerOf(request, visitor),
      flow,
      stepId: step_id,
      value: checked.value,
      question: isQuestion(step),
      ipKey: `quiz-answer:ip:${request.ip}`,
      ipLimit: QUIZ_LIMITS.answerPerIp,
      sessionLimit: QUIZ_LIMITS.answerPerSession,
    });
    if (result.saved) return true;
    if (result.reason === "rate_limited") throw rateLimited(result.retryAfterSeconds);
    if (result.reason === "not_found") throw sessionNotFound();
    if (result.reason === "other_flow") throw services.flows.byCode(result.sessionFlowCode) ? flowChanged() : flowRetired();
    throw quizFinished();
  }

  app.post(
    "/quiz/sessions/:id/answers",
    {
      schema: {
        summary: "Save the answer to one step (a second answer replaces the first)",
        description: descriptions["POST /quiz/sessions/:id/answers"],
        tags: ["quiz"],
        params: sessionParams,
        body: answerBody,
        response: { 200: savedResponse, 409: errorBody, ...commonErrors },
      },
      serializerCompiler: serializeSaved,
    },
    async (request, reply) => {
      if (await oneTrip(request)) return SAVED;
      await throttle(app, `quiz-answer:ip:${request.ip}`, QUIZ_LIMITS.answerPerIp);
      const owned = await ownedSession(services.db, request.params.id, callerOf(request, visitor));
      if (!owned) throw sessionNotFound();
      await throttle(app, `quiz-answer:session:${owned.id}`, QUIZ_LIMITS.answerPerSession);
      const { step_id, value, flow_hash } = request.body;
      // The version the browser runs, live or earlier (a visitor mid-quiz keeps theirs, ADR 066).
      const pinned = await services.versions.byHash(flow_hash, request.log);
      const flow = pinned?.code === owned.flowCode ? pinned : null;
      if (!flow) throw services.flows.byCode(owned.flowCode) ? flowChanged() : flowRetired();
      const step = flow.steps.find((s) => s.id === step_id);
      if (!step) return reply.status(400).send(invalidField("body.step_id", `${flow.code} has no step "${step_id}"`));
      const checked = validateAnswer(flow, step_id, value);
      if (!checked.ok) return reply.status(400).send(invalidField("body.value", checked.message));
      if (owned.status !== "in_progress" && isQuestion(step)) throw quizFinished();

      const email = step.kind === "email" ? (checked.value as string) : null;
      // The lead and the follow-ups follow the visitor's choice, even one that reached no session yet.
      const session = email ? await adoptBrowserConsent(services.db, request, owned) : owned;
      const customer = email ? await emailStepCustomer(app, request, email) : undefined;
      // The e-mail step is a lead for the ad platforms (ADR 056): queued with the answer, if the visitor allowed it.
      const lead =
        email && customer
          ? (tx: Db) =>
              services.conversions.queue.lead(tx, {
                sessionId: session.id,
                customerId: customer.id,
                email,
                signals: visitorSignals(request, services.env.APP_ORIGIN),
                at: services.clock.now(),
              })
          : undefined;
      await saveAnswer(services.db, services.clock, { session, flow, stepId: step_id, value: checked.value, customer, alsoInTransaction: lead });
      if (lead) services.conversions.kick();
      if (email) {
        await mailResumeLink(app, request, session, flow, email);
        await scheduleFollowUps(services.db, services.clock, session, flow, email);
      }
      return SAVED;
    },
  );
};
