import type { Clock } from "#server/services/clock.ts";

/** A clock tests move by hand, to check expiry without waiting. */
export function fakeClock(start = new Date()): Clock & { advance(seconds: number): void; set(date: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (seconds) => void (now += seconds * 1000),
    set: (date) => void (now = date.getTime()),
  };
}
