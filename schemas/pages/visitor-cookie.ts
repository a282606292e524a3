/**
 * The browser's visitor id as a cookie (not httpOnly: the app reads it too). Experiment variants are
 * assigned from it (src/engine/flow/variant.ts), so the server can render a funnel's first step in the
 * visitor's variant and the browser hydrate the same (ADR 039). It proves nothing: quiz sessions are
 * owned through the server's own httpOnly cookie (src/server/quiz/quiz-visitor.ts).
 */
export const VISITOR_COOKIE = "pw_vid";
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** What a visitor id looks like (a UUID, or an older id kept in local storage). */
export const VISITOR_ID_PATTERN = /^[\w-]{16,64}$/;
