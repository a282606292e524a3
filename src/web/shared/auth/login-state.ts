/** Navigation state the login page understands: set after logging out, so it can confirm it. */
export type LoginPageState = { loggedOut?: boolean; deleted?: boolean } | null;

/**
 * "Logout pending": set when POST /auth/logout failed, so the server may still hold the session.
 * Kept in localStorage so a reload or another tab retries the logout before checking who is logged
 * in (docs/decisions/018-unknown-paths-and-failed-logout.md). Storage that throws (private modes,
 * blocked storage) reads as not pending and writes nothing.
 */
const LOGOUT_PENDING_KEY = "pathwise.logout-pending";

export const logoutPending = {
  get(): boolean {
    try {
      return localStorage.getItem(LOGOUT_PENDING_KEY) !== null;
    } catch {
      return false;
    }
  },
  set(): void {
    try {
      localStorage.setItem(LOGOUT_PENDING_KEY, new Date().toISOString());
    } catch {
      // Nothing to keep it in: this page still shows the customer as logged out.
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(LOGOUT_PENDING_KEY);
    } catch {
      // As above.
    }
  },
};
