import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../errors.ts";
import { VISITOR_COOKIE_NAMES } from "../quiz/quiz-visitor.ts";
import { SESSION_COOKIE_NAMES } from "./auth.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function hasBody(request: FastifyRequest) {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * The Origin check every state-changing call passes: a foreign Origin gets 403; so does a write
 * without Origin that carries one of the `ambient` cookies (they carry authority), and one the
 * browser marks `Sec-Fetch-Site: cross-site`. A write with neither cookie nor Origin (curl, server to
 * server) carries no ambient authority and goes on.
 */
function refuseCrossSiteWrite(request: FastifyRequest, allowedOrigins: readonly string[], ambient: readonly string[]): void {
  const origin = request.headers.origin;
  // Scheme, host and port must all be APP_ORIGIN's: the Host header says nothing about the scheme.
  if (origin !== undefined && !allowedOrigins.includes(origin)) {
    throw new HttpError(403, "forbidden_origin", "This request came from another site and was refused");
  }
  if (origin === undefined && ambient.some((n) => request.headers.cookie?.includes(`${n}=`))) {
    throw new HttpError(403, "forbidden_origin", "A logged-in request must say where it comes from (Origin header)");
  }
  if (request.headers["sec-fetch-site"] === "cross-site") {
    throw new HttpError(403, "forbidden_origin", "This request came from another site and was refused");
  }
}

/**
 * CSRF defence for the cookie-authenticated JSON API:
 * - a body must be application/json (a cross-site form cannot send that without a CORS preflight);
 * - a write whose Origin is foreign gets 403; a write without Origin that carries a session cookie too.
 * Webhooks (signed by the provider) are exempt.
 */
export function registerCsrfGuard(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  // A callback hook (src/server/app.ts): a GET passes without a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE.has(request.method)) return done();
    try {
      // The matched route, not the raw URL: the router decodes it, so /%61pi/… reaches /api/… routes.
      const path = request.routeOptions.url ?? request.url;
      if (!path.startsWith("/api/") || path.startsWith("/api/webhooks/")) return done();
      refuseCrossSiteWrite(request, allowedOrigins, SESSION_COOKIE_NAMES);
      const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
      if (hasBody(request) && type !== "application/json") {
        throw new HttpError(415, "unsupported_media_type", "Send the body as application/json");
      }
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

/**
 * The same Origin check for an area outside /api whose pages post HTML forms (the development
 * sandbox's checkout and provider console, src/server/routes/dev/index.ts): added once to the area's
 * context, so every write it has, and every one added later, is refused from another site. Forms
 * cannot send JSON, so the content type is not checked; a cookie of either kind without an Origin is.
 */
export function requireSameOriginWrites(area: FastifyInstance, allowedOrigins: readonly string[]): void {
  area.addHook("onRequest", async (request) => {
    if (!SAFE.has(request.method)) refuseCrossSiteWrite(request, allowedOrigins, [...SESSION_COOKIE_NAMES, ...VISITOR_COOKIE_NAMES]);
  });
}
