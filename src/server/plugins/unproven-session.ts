import type { FastifyRequest } from "fastify";
import type { Purchase } from "../auth/sessions.ts";

/**
 * Everything a session nobody proved the inbox for reaches (ADR 051): the purchase that made it —
 * its order's status (the order page) and the report that order paid for (the result page and its
 * PDF). Each entry is a route (method and pattern) and the purchase's id its `:id` must be. Every
 * other call sees no customer (`request.customer` stays null), as if the browser were logged out.
 */
export const UNPROVEN_SESSION_REACH = {
  "GET /api/orders/:id": "orderId",
  "GET /api/quiz/sessions/:id/report": "quizSessionId",
  "GET /api/quiz/sessions/:id/report.pdf": "quizSessionId",
} as const satisfies Record<string, keyof Purchase>;

const reach: Readonly<Record<string, keyof Purchase | undefined>> = UNPROVEN_SESSION_REACH;

/** Whether this request is one an unproven session made for `purchase` may make as its customer. */
export function reachesPurchase(request: FastifyRequest, purchase: Purchase): boolean {
  const field = reach[`${request.method} ${request.routeOptions.url}`];
  if (!field) return false;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  const own = purchase[field];
  return typeof id === "string" && own !== null && id.toLowerCase() === own;
}
