import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors, errorBody } from "#schemas/api/envelope.ts";
import { professionParams, professionQuery, professionResponse, type ProfessionMatchView } from "#schemas/api/professions.ts";
import { positionsFromScores } from "#engine/report/match-professions.ts";
import { HttpError, notFound } from "#server/errors.ts";
import { findProfession, matchOne, professionView } from "#server/content/professions.ts";
import { ownedSession } from "#server/quiz/quiz-sessions.ts";
import { visitorCookie } from "#server/quiz/quiz-visitor.ts";
import { callerOf } from "#server/quiz/quiz-caller.ts";
import { descriptions } from "./descriptions.ts";

/** GET /professions/:slug — one occupation for anyone; with ?result= also how well it matches the caller's own result. */
export const professionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const visitor = visitorCookie(app.services.env.NODE_ENV === "production");

  app.get(
    "/professions/:slug",
    {
      schema: {
        summary: "One profession, and how well it matches a result",
        description: descriptions["GET /professions/:slug"],
        tags: ["content"],
        params: professionParams,
        querystring: professionQuery,
        response: { 200: professionResponse, 409: errorBody, ...commonErrors },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const resultId = request.query.result;
      const row = await findProfession(db, slug);
      if (!row) throw notFound(`Profession ${slug}`);
      if (resultId === undefined) return { data: { profession: professionView(row), match: null } };

      void reply.header("cache-control", "private, no-store");
      const session = await ownedSession(db, resultId, callerOf(request, visitor));
      if (!session) throw notFound(`Result ${resultId}`);
      if (!session.scores) throw new HttpError(409, "result_not_ready", `Result ${resultId} is not scored yet: finish the quiz first`);
      const profile = positionsFromScores(session.scores.scales);
      if (!profile) throw new HttpError(409, "not_an_interest_result", `Result ${resultId} has no interest profile to compare with a profession`);

      const { match, r, reason, codeAgreement } = matchOne(row, profile);
      const view: ProfessionMatchView = { result_id: session.id, match, r, reason, profile, code_agreement: codeAgreement };
      return { data: { profession: professionView(row), match: view } };
    },
  );
};
