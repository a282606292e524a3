import type { FastifyReply, FastifyRequest } from "fastify";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  consentCookieValue,
  readConsentCookie,
  type ConsentChoice,
  type ConsentRecord,
} from "#schemas/consent/consent.ts";
import type { Db } from "../db/client.ts";
import { customers, quizSessions } from "../db/schema.ts";
import { browserHolds } from "./quiz-sessions.ts";

/** A choice made now, to the second (the cookie keeps seconds, so cookie, session and account hold the same time). */
export const consentMadeAt = (choice: ConsentChoice, now: Date): ConsentRecord => ({
  ...choice,
  decided_at: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString(),
});

/** The choice this request's browser holds (its `pw_consent` cookie), or null before the visitor chose. */
export const browserConsent = (request: FastifyRequest): ConsentRecord | null => readConsentCookie(request.headers.cookie);

/**
 * Keeps the choice in the browser: the server's answer is the one writer of `pw_consent` (ADR 055).
 * Readable by the page (it decides before any tag loads), SameSite=Lax, Secure on https.
 */
export function setConsentCookie(reply: FastifyReply, record: ConsentRecord, secure: boolean): void {
  void reply.setCookie(CONSENT_COOKIE, consentCookieValue(record), {
    path: "/",
    maxAge: CONSENT_COOKIE_MAX_AGE_SECONDS,
    sameSite: "lax",
    secure,
    httpOnly: false,
  });
}

/**
 * Records a choice where it is kept beside the cookie, in one transaction: on every quiz session
 * this browser holds (a server-side send knows what was allowed when they paid), and on the account
 * of a customer logged in with a proven session (`customerId`; an unproven session has none, ADR 051).
 */
export async function recordConsent(db: Db, record: ConsentRecord, who: { visitorId: string | null; customerId: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    if (who.visitorId)
      await tx
        .update(quizSessions)
        .set({ consent: record })
        .where(browserHolds(db, quizSessions.id, who.visitorId));
    if (who.customerId) await tx.update(customers).set({ consent: record }).where(eq(customers.id, who.customerId));
  });
}

/**
 * At a login: the account's choice becomes this browser's when the browser has none, on its cookie
 * and on the quiz sessions it holds. A browser that already chose keeps its choice.
 */
export async function adoptAccountConsent(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  customer: { consent: ConsentRecord | null },
  browser: { visitorId: string | null; secure: boolean },
): Promise<void> {
  if (!customer.consent || browserConsent(request)) return;
  setConsentCookie(reply, customer.consent, browser.secure);
  await recordConsent(db, customer.consent, { visitorId: browser.visitorId, customerId: null });
}

/**
 * The browser's choice onto one of its quiz sessions that holds none or an older one; returns the
 * session as it now stands. A choice made while the session's start was still on its way reached no
 * session: the browser sent it before it had the session's visitor cookie, and the session started
 * before it had the choice's cookie. The steps whose events depend on the choice (the e-mail step's
 * lead and follow-ups, the checkout's purchase) call this first, so they act on what the visitor
 * chose, with the time they chose it.
 */
export async function adoptBrowserConsent<S extends { id: string; consent: ConsentRecord | null }>(db: Db, request: FastifyRequest, session: S): Promise<S> {
  const record = browserConsent(request);
  if (!record || (session.consent && Date.parse(session.consent.decided_at) >= Date.parse(record.decided_at))) return session;
  const [updated] = await db
    .update(quizSessions)
    .set({ consent: record })
    .where(
      and(
        eq(quizSessions.id, session.id),
        // A newer choice recorded meanwhile (POST /api/consent) stays.
        or(isNull(quizSessions.consent), sql`(${quizSessions.consent}->>'decided_at')::timestamptz < ${record.decided_at}::timestamptz`),
      ),
    )
    .returning({ consent: quizSessions.consent });
  return updated ? { ...session, consent: updated.consent } : session;
}
