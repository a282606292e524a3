import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS, VISITOR_ID_PATTERN } from "#schemas/pages/visitor-cookie.ts";

const KEY = "visitorId";
let rendering: string | null = null;

/** The server's renderer names the visitor it renders for (the id in the request's cookie, or the one it sets). */
export function renderForVisitor(id: string | null): void {
  rendering = id;
}

/** The id in the cookie as the page came: the one the server rendered the page for. */
export function cookieId(): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([^;]*)`));
  const id = match ? decodeURIComponent(match[1]!) : null;
  return id && VISITOR_ID_PATTERN.test(id) ? id : null;
}

function storedId(): string | null {
  try {
    const id = localStorage.getItem(KEY);
    return id && VISITOR_ID_PATTERN.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * A random id for this browser; experiment variants are assigned from it. The one kept in local
 * storage stays (a visitor keeps their variants), then the cookie's; both are kept in step, so the
 * server renders the next page for the same id (ADR 039).
 */
export function visitorId(): string {
  if (typeof document === "undefined") return rendering ?? crypto.randomUUID();
  const fromCookie = cookieId();
  const id = storedId() ?? fromCookie ?? crypto.randomUUID();
  try {
    localStorage.setItem(KEY, id);
  } catch {
    // Storage disabled (private mode): the cookie still keeps it.
  }
  if (fromCookie !== id) {
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${VISITOR_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=${VISITOR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  }
  return id;
}
