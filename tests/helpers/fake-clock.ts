import type { Clock } from "#server/platform/clock.ts";

/**
 * The instant every test app's clock starts at: a fixed, ordinary day (not near a month end), so
 * the suite gives the same result on any day it runs. A test about a month end sets the clock to
 * it (`clock.set`); a test about wall time (DB `now()` defaults, mail delivery) never compares it
 * with this clock.
 */
export const TEST_START = new Date("2026-06-10T09:00:00.000Z");

/** A clock tests move by hand, to check expiry without waiting; `reset` brings it back to its start. */
export function fakeClock(start = TEST_START): Clock & { advance(seconds: number): void; set(date: Date): void; reset(): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (seconds) => void (now += seconds * 1000),
    set: (date) => void (now = date.getTime()),
    reset: () => void (now = start.getTime()),
  };
}
