import type { FastifyReply, FastifyRequest } from "fastify";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The shape newSecretToken() produces: 256 random bits, base64url. Anything else is ignored. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `__Host-` needs HTTPS, so development on plain http uses the bare name. */
export const VISITOR_COOKIE_NAMES = ["__Host-vid", "vid"] as const;

export type VisitorCookie = {
  /** The SHA-256 of this browser's visitor cookie, or null when it has none (or a malformed one). */
  read(request: FastifyRequest): string | null;
  /** The visitor id of this browser, giving it a fresh cookie first when it has none. */
  ensure(request: FastifyRequest, reply: FastifyReply): string;
  /** Gives this browser a fresh cookie (always), returning its visitor id. */
  issue(reply: FastifyReply): string;
  /** Forgets this browser's visitor (logout: the next person at a shared computer starts afresh). */
  clear(reply: FastifyReply): void;
};

/**
 * The anonymous visitor cookie: random, HttpOnly, SameSite=Lax, Secure in production, one year.
 * The database only ever sees its hash (the visitor id), so a leaked database cannot act as a visitor.
 */
export function visitorCookie(production: boolean): VisitorCookie {
  const name = production ? VISITOR_COOKIE_NAMES[0] : VISITOR_COOKIE_NAMES[1];
  const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: production, maxAge: YEAR_SECONDS };
  const read = (request: FastifyRequest) => {
    const token = request.cookies[name];
    return token && TOKEN.test(token) ? hashSecretToken(token) : null;
  };
  const issue = (reply: FastifyReply) => {
    const token = newSecretToken();
    void reply.setCookie(name, token, options);
    return hashSecretToken(token);
  };
  const clear = (reply: FastifyReply) => void reply.clearCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure: production });
  return { read, issue, clear, ensure: (request, reply) => read(request) ?? issue(reply) };
}
