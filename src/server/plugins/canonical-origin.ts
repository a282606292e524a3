import type { FastifyInstance } from "fastify";

/**
 * In development, a page opened on another address of this machine (127.0.0.1 instead of
 * localhost) is sent to APP_ORIGIN: cookies belong to one host, the payment provider returns to
 * APP_ORIGIN, and writes from any other origin are refused, so a second address would only lose
 * the visitor's quiz and orders half-way.
 */
export function registerCanonicalOrigin(app: FastifyInstance, appOrigin: string): void {
  const canonical = new URL(appOrigin);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (request.url.startsWith("/api/") || request.host === canonical.host) return;
    return reply.redirect(`${canonical.origin}${request.url}`, 302);
  });
}
