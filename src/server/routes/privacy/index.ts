import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireOriginOnVisitorWrites } from "#server/plugins/visitor-origin.ts";
import { visitorCookie } from "#server/quiz/quiz-visitor.ts";
import { consentRoutes } from "./consent.ts";

/** The visitor's privacy choice (ADR 055): it reads and writes the quiz visitor's sessions, so writes must say where they come from. */
export const privacyArea: FastifyPluginAsyncZod = async (app) => {
  requireOriginOnVisitorWrites(app);
  await app.register(consentRoutes, { visitor: visitorCookie(app.services.env.NODE_ENV === "production") });
};
