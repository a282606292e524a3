import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";

/** What a request tells the ad platforms about the visitor (ADR 056): read at checkout and at the e-mail step. */
export type VisitorSignals = {
  clientIp: string | null;
  userAgent: string | null;
  fbp: string | null;
  fbc: string | null;
  /** The GA4 client id from `_ga`, or null where the tag never ran. */
  gaClientId: string | null;
  /** The page the request came from, without its query (which may carry tokens). */
  sourceUrl: string | null;
};

/** A cookie's value when it looks like one of the platforms' (printable, short); anything else counts as absent. */
const cookie = (request: FastifyRequest, name: string) => {
  const value = request.cookies[name]?.trim();
  return value && /^[\x21-\x7e]{1,500}$/.test(value) ? value : null;
};

/** `GA1.1.123456789.1700000000` → `123456789.1700000000` (GA's client id: two integers). */
function gaClientIdOf(gaCookie: string | null): string | null {
  const match = gaCookie ? /^GA\d+\.\d+\.(\d{1,20}\.\d{1,20})$/.exec(gaCookie) : null;
  return match?.[1] ?? null;
}

/**
 * A GA4 client id in GA's own format for a visitor whose tag never ran, the same for every event of
 * one quiz session (or order, without a session): a number from the key's hash, and the Unix
 * seconds of when it started.
 */
export function serverGaClientId(key: string, startedAt: Date): string {
  const number = createHash("sha256").update(`ga-client:${key}`).digest().readUInt32BE(0);
  return `${number}.${Math.floor(startedAt.getTime() / 1000)}`;
}

/** The Referer of a page of our own origin, without query or fragment; null otherwise. */
function sourceUrlOf(referer: string | undefined, appOrigin: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === appOrigin ? `${url.origin}${url.pathname}` : null;
  } catch {
    return null;
  }
}

export function visitorSignals(request: FastifyRequest, appOrigin: string): VisitorSignals {
  const userAgent = request.headers["user-agent"]?.slice(0, 500) ?? null;
  return {
    clientIp: request.ip || null,
    userAgent: userAgent || null,
    fbp: cookie(request, "_fbp"),
    fbc: cookie(request, "_fbc"),
    gaClientId: gaClientIdOf(cookie(request, "_ga")),
    sourceUrl: sourceUrlOf(request.headers.referer, appOrigin),
  };
}
