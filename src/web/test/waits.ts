/**
 * How long a unit test waits for what the page will show (Testing Library's findBy…/waitFor, and
 * `vi.waitFor`): the wait ends as soon as it is there; this only decides how long a broken test takes
 * to fail. 30 s holds at load 50 on 2 cores for what shows within a second on a quiet machine (ADR 070).
 */
export const SHOWS_MS = 30_000;
