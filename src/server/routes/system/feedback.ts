import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonErrors, ok } from "#schemas/api/envelope.ts";
import { feedbackBody } from "#schemas/api/feedback.ts";
import { feedback } from "#server/db/schema.ts";
import { LIMITS, throttle } from "#server/platform/throttle.ts";
import { descriptions } from "./descriptions.ts";

/** Ratings from the feedback pages (ADR 027). */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;

  app.post(
    "/feedback",
    {
      schema: {
        summary: "Send a rating (1–5) and an optional comment from a feedback page",
        description: descriptions["POST /feedback"],
        tags: ["feedback"],
        body: feedbackBody,
        response: { 201: ok, ...commonErrors },
      },
    },
    async (request, reply) => {
      await throttle(app, `feedback:ip:${request.ip}`, LIMITS.feedbackPerIp, "Thank you, we have your feedback. Please wait a little before sending more.");
      const { form, rating, comment, report } = request.body;
      await db.insert(feedback).values({
        form,
        rating,
        comment: comment ? comment : null,
        promptCode: report ?? null,
        customerId: request.customer?.id ?? null,
        createdAt: clock.now(),
      });
      return reply.status(201).send({ data: { ok: true as const } });
    },
  );
};
