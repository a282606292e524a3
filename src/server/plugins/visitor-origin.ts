import type { FastifyInstance } from "fastify";
import { HttpError } from "../errors.ts";
import { VISITOR_COOKIE_NAMES } from "../quiz/quiz-visitor.ts";

/**
 * The visitor cookie carries authority like the session cookie does (it owns quiz sessions and
 * their orders), so a write that carries it must say where it comes from; the app-wide guard
 * (src/server/plugins/csrf.ts) checks the session cookie only. Each route area whose calls read the visitor
 * cookie adds this hook once, in its own encapsulated context (src/server/routes/quiz/index.ts,
 * src/server/routes/payments/index.ts, src/server/routes/reports/index.ts; docs/decisions/046-routes-by-area.md).
 */
export function requireOriginOnVisitorWrites(area: FastifyInstance): void {
  area.addHook("onRequest", async (request) => {
    if (request.method === "GET" || request.method === "HEAD" || request.headers.origin !== undefined) return;
    if (VISITOR_COOKIE_NAMES.some((n) => request.headers.cookie?.includes(`${n}=`))) {
      throw new HttpError(403, "forbidden_origin", "A request from a quiz in progress must say where it comes from (Origin header)");
    }
  });
}
