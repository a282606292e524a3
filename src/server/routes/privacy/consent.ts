// URL: GET /api/consent, POST /api/consent
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors } from "#schemas/api/envelope.ts";
import { consentBody, consentResponse } from "#schemas/api/consent.ts";
import { browserConsent, consentMadeAt, recordConsent, setConsentCookie } from "#server/quiz/consent.ts";
import type { VisitorCookie } from "#server/quiz/quiz-visitor.ts";
import { descriptions } from "./descriptions.ts";

/**
 * The visitor's privacy choice (ADR 055): read it, and make or change it. The answer sets the
 * `pw_consent` cookie (the one writer of it); the choice is recorded with its time on every quiz
 * session this browser holds and, for a customer logged in with a proven session, on the account.
 */
export const consentRoutes: FastifyPluginAsyncZod<{ visitor: VisitorCookie }> = async (app, { visitor }) => {
  const { db, clock, env } = app.services;
  const secure = env.APP_ORIGIN.startsWith("https:");

  app.get(
    "/consent",
    {
      schema: {
        summary: "The privacy choice this browser holds",
        description: "What the `pw_consent` cookie says: analytics and marketing allowed or not, and when the visitor chose; null before they chose.",
        tags: ["privacy"],
        response: { 200: consentResponse, ...commonErrors },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { data: browserConsent(request) };
    },
  );

  app.post(
    "/consent",
    {
      schema: {
        summary: "Make or change the privacy choice",
        description: descriptions["POST /consent"],
        tags: ["privacy"],
        body: consentBody,
        response: { 200: consentResponse, ...commonErrors },
      },
    },
    async (request, reply) => {
      const record = consentMadeAt(request.body, clock.now());
      // Recorded first: a cookie is set only for a choice that was kept.
      await recordConsent(db, record, { visitorId: visitor.read(request), customerId: request.customer?.id ?? null });
      setConsentCookie(reply, record, secure);
      void reply.header("cache-control", "private, no-store");
      return { data: record };
    },
  );
};
