import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { unauthorized } from "../errors.ts";
import { SESSION_IDLE_SECONDS, type SessionCustomer } from "../auth/sessions.ts";
import { reachesPurchase } from "./unproven-session.ts";

/** `__Host-` needs HTTPS, so development on plain http uses the bare name. */
export const SESSION_COOKIE_NAMES = ["__Host-sid", "sid"] as const;

declare module "fastify" {
  interface FastifyRequest {
    customer: SessionCustomer | null;
    /** Whether the session's customer proved the inbox (logged in by link or password): the whole account opens (ADR 051). */
    accountOpen: boolean;
  }
}

export type SessionCookie = {
  name: string;
  set(reply: FastifyReply, token: string, maxAgeSeconds?: number): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
};

export function sessionCookie(production: boolean): SessionCookie {
  const name = production ? "__Host-sid" : "sid";
  const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: production };
  return {
    name,
    set: (reply, token, maxAge = SESSION_IDLE_SECONDS) => void reply.setCookie(name, token, { ...options, maxAge }),
    clear: (reply) => void reply.clearCookie(name, options),
    read: (request) => request.cookies[name],
  };
}

/**
 * Resolves the session cookie on every API request into `request.customer`, before the request is
 * validated: an area's guard (the staff-only /api/admin) then refuses before a bad query is judged.
 * A session nobody proved the inbox for counts only on the calls of its own purchase
 * (src/server/plugins/unproven-session.ts, ADR 051); on every other call the request has no customer.
 */
export async function registerAuth(app: FastifyInstance, production: boolean): Promise<SessionCookie> {
  const cookieJar = sessionCookie(production);
  await app.register(cookie);
  app.decorateRequest("customer", null);
  app.decorateRequest("accountOpen", false);
  app.addHook("preValidation", async (request, reply) => {
    const token = cookieJar.read(request);
    if (!token || !request.url.startsWith("/api/")) return;
    const session = await app.services.sessions.resolve(token);
    if (!session) return cookieJar.clear(reply);
    request.customer = session.purchase && !reachesPurchase(request, session.purchase) ? null : session.customer;
    request.accountOpen = session.purchase === null;
    if (session.renewedUntil) {
      cookieJar.set(reply, token, Math.floor((session.renewedUntil.getTime() - app.services.clock.now().getTime()) / 1000));
    }
  });
  // Nothing personal may sit in a browser or proxy cache: every answer to a logged-in request is
  // no-store, and an API answer that did not choose its own caching is never cached either.
  app.addHook("onSend", (request, reply, _payload, done) => {
    if (request.url.startsWith("/api/")) {
      if (request.customer) void reply.header("cache-control", "private, no-store");
      else if (!reply.hasHeader("cache-control")) void reply.header("cache-control", "no-store");
    }
    done();
  });
  return cookieJar;
}

/** The logged-in customer, or a 401. */
export function requireCustomer(request: FastifyRequest): SessionCustomer {
  if (!request.customer) throw unauthorized();
  return request.customer;
}
