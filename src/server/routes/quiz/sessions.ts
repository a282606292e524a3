// URL: POST /api/quiz/sessions, POST /api/quiz/sessions/resume
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors, errorBody } from "#schemas/api/envelope.ts";
import { createSessionBody, quizSessionResponse, resumeBody, resumedResponse } from "#schemas/api/quiz.ts";
import { drawOrder, orderProblem, shufflesAnything } from "#engine/flow/order.ts";
import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import { assignVariants } from "#engine/flow/variant.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { quizSessions, type QuizAttribution } from "#server/db/schema.ts";
import { HttpError } from "#server/errors.ts";
import { QUIZ_LIMITS } from "#server/quiz/quiz-limits.ts";
import { findByResumeToken } from "#server/quiz/quiz-resume.ts";
import { addVisitor, adoptBrowserSessions, createSession, currentAnswers, moveSessionTo, resumableSession } from "#server/quiz/quiz-sessions.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { throttle } from "#server/platform/throttle.ts";
import { browserConsent } from "#server/quiz/consent.ts";
import { flowChanged, flowNotFound, flowRetired, invalidField } from "./quiz-errors.ts";
import { descriptions } from "./descriptions.ts";

/** The first experiment variant the flow does not know, as [experiment, variant]. */
const unknownVariant = (flow: CompiledFlow, variants: Record<string, string>) =>
  Object.entries(variants).find(([e, v]) => !flow.experiments.find((x) => x.id === e)?.variants.some((x) => x.id === v));

/** A re-opened session's order in `flow`: the stored one if it fits, else the one the browser sent, else one drawn from the session id. */
function orderFor(flow: CompiledFlow, sessionId: string, stored: ShownOrder | null, sent: ShownOrder | undefined): ShownOrder | null {
  if (!shufflesAnything(flow)) return null;
  if (stored && !orderProblem(flow, stored)) return stored;
  return sent ?? drawOrder(flow, sessionId);
}

/** Attribution without empty values, so "no UTM" is stored as {}. */
function cleanAttribution(
  input: { utm?: Record<string, string | null | undefined> | null; fbclid?: string | null; ttclid?: string | null } | undefined,
): QuizAttribution {
  const utm = Object.fromEntries(Object.entries(input?.utm ?? {}).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
  return {
    ...(Object.keys(utm).length ? { utm } : {}),
    ...(input?.fbclid ? { fbclid: input.fbclid } : {}),
    ...(input?.ttclid ? { ttclid: input.ttclid } : {}),
  };
}

const invalidToken = () => new HttpError(400, "invalid_token", "This link has expired or is not valid. Start the quiz again, or log in to see your results.");
/** The run is over: nothing of the session is given, the report is read by logging in (ADR 011). */
const quizFinishedLink = () =>
  new HttpError(410, "quiz_finished", "This quiz is finished, so this link no longer opens it. Log in to see your report: we can e-mail you a login link.");

export const quizSessionRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { services } = app;
  const { db, clock } = services;

  app.post(
    "/quiz/sessions",
    {
      schema: {
        summary: "Start a quiz, or re-open the one this browser has in progress (unless a fresh one is asked for)",
        description: descriptions["POST /quiz/sessions"],
        tags: ["quiz"],
        body: createSessionBody,
        response: { 200: quizSessionResponse, 201: quizSessionResponse, 409: errorBody, ...commonErrors },
      },
    },
    async (request, reply) => {
      await throttle(app, `quiz-create:ip:${request.ip}`, QUIZ_LIMITS.createPerIp);
      const { flow_code, flow_hash, variants = {}, order, attribution, fresh = false } = request.body;
      if (!services.flows.byCode(flow_code)) throw flowNotFound(flow_code);
      // The version the browser runs: the live one, or one it was pinned to before a publish (ADR 066).
      const pinned = await services.versions.byHash(flow_hash, request.log);
      const flow = pinned?.code === flow_code ? pinned : null;
      if (!flow) throw flowChanged();
      const unknown = unknownVariant(flow, variants);
      if (unknown)
        return reply.status(400).send(invalidField(`body.variants.${unknown[0]}`, `${flow.code} has no experiment variant ${unknown[0]}=${unknown[1]}`));
      const misfit = order && orderProblem(flow, order);
      if (misfit) return reply.status(400).send(invalidField(`body.order.${misfit[0]}`, misfit[1]));

      const visitorId = visitor.ensure(request, reply);
      await throttle(app, `quiz-create:visitor:${visitorId}`, QUIZ_LIMITS.createPerVisitor);
      const customerId = request.customer?.id ?? null;
      if (customerId) await adoptBrowserSessions(db, clock, visitorId, customerId);
      // The restart link asks for a new run: the one the visitor has is left as it is (ADR 077).
      const existing = fresh ? null : await resumableSession(db, { visitorId, customerId }, flow.code);
      if (existing) {
        await addVisitor(db, clock, existing.id, visitorId);
        // The browser lost its pin and runs another version: the session goes on in it, and keeps
        // its stored order unless that version could not show it (then the browser's, or one drawn
        // from the session id), so the browser, which adopts what this answers, and the row agree (ADR 067).
        const shownOrder = existing.flowHash === flow.hash ? existing.shownOrder : orderFor(flow, existing.id, existing.shownOrder, order);
        if (existing.flowHash !== flow.hash) {
          await db
            .update(quizSessions)
            .set({ flowVersion: flow.version, flowHash: flow.hash, shownOrder, updatedAt: clock.now() })
            .where(eq(quizSessions.id, existing.id));
        }
        const answers = await currentAnswers(db, flow, existing.id);
        const data = {
          id: existing.id,
          flow_code: flow.code,
          flow_hash: flow.hash,
          status: existing.status,
          variants: existing.variants,
          order: shownOrder,
          answers,
        };
        return reply.status(200).send({ data });
      }

      const session = await createSession(db, clock, {
        visitorId,
        customerId,
        flow,
        variants: assignVariants(visitorId, flow.experiments, variants),
        order: order ?? null,
        attribution: cleanAttribution(attribution),
        consent: browserConsent(request),
      });
      const data = {
        id: session.id,
        flow_code: flow.code,
        flow_hash: flow.hash,
        status: session.status,
        variants: session.variants,
        order: session.shownOrder,
        answers: {},
      };
      return reply.status(201).send({ data });
    },
  );

  app.post(
    "/quiz/sessions/resume",
    {
      schema: {
        summary: "Continue a quiz in this browser with the token from the e-mailed link",
        description: descriptions["POST /quiz/sessions/resume"],
        tags: ["quiz"],
        body: resumeBody,
        response: { 200: resumedResponse, 409: errorBody, 410: errorBody, ...commonErrors },
      },
    },
    async (request, reply) => {
      await throttle(app, `quiz-resume:ip:${request.ip}`, QUIZ_LIMITS.resumePerIp);
      const found = await findByResumeToken(db, clock, request.body.token);
      if (!found.ok) throw found.finished ? quizFinishedLink() : invalidToken();
      const { session } = found;
      const flow = services.flows.ofSession(session);
      if (!flow) throw flowRetired();
      const visitorId = visitor.ensure(request, reply);
      const customerId = request.customer?.id ?? null;
      await moveSessionTo(db, clock, session, visitorId, customerId);
      if (customerId) await adoptBrowserSessions(db, clock, visitorId, customerId);
      const answers = await currentAnswers(db, flow, session.id);
      return { data: { session_id: session.id, flow_code: flow.code, flow_hash: flow.hash, variants: session.variants, order: session.shownOrder, answers } };
    },
  );
};
