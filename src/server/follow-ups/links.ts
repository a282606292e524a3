/** The follow-up e-mails' two server addresses, outside /api (they are opened from mail, ADR 060). */
export const FOLLOW_UP_PATHS = {
  /** Counts the click, then opens the session's pre-checkout through the "continue" page. */
  open: "/mail/follow-up",
  /** GET: a page with a button; POST: one-click unsubscribe (RFC 8058). */
  unsubscribe: "/mail/unsubscribe",
} as const;

export const followUpUrl = (appOrigin: string, path: string, token: string) => `${appOrigin}${path}?${new URLSearchParams({ token })}`;
