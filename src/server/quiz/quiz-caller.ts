import type { FastifyRequest } from "fastify";
import type { VisitorCookie } from "./quiz-visitor.ts";
import type { Caller } from "./quiz-sessions.ts";

/** The visitor cookie (hashed) and the logged-in customer of a request. */
export const callerOf = (request: FastifyRequest, visitor: VisitorCookie): Caller => ({
  visitorId: visitor.read(request),
  customerId: request.customer?.id ?? null,
});
