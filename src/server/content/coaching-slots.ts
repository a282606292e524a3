import type { CoachingConfig, CoachingSession } from "#schemas/content/coaching.ts";

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const MINUTE = 60_000;

/** Minutes the zone is ahead of UTC at an instant (e.g. 60 in London in summer). */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return (Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(instant / 1000) * 1000) / MINUTE;
}

/** The instant a wall-clock time in a zone stands for (correct on both sides of a daylight-saving change). */
export function zonedTime(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  const first = wall - offsetMinutes(wall, timeZone) * MINUTE;
  const second = wall - offsetMinutes(first, timeZone) * MINUTE;
  return new Date(second);
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export type Busy = { startsAt: Date; endsAt: Date };
export type Slot = { startsAt: Date; endsAt: Date };

/**
 * The free start times for a session, from the notice period to the horizon: every step of the
 * coach's weekly hours (in the coach's zone) where the whole session fits, on days that are not
 * off, overlapping no booked session. Pure: the same inputs give the same slots.
 */
export function freeSlots(config: CoachingConfig, session: CoachingSession, now: Date, busy: readonly Busy[]): Slot[] {
  const earliest = now.getTime() + config.notice_hours * 3_600_000;
  const latest = now.getTime() + config.horizon_days * 86_400_000;
  const first = zonedDate(now, config.timezone);
  const slots: Slot[] = [];
  for (let i = 0; i <= config.horizon_days + 1; i++) {
    const date = addDays(first, i);
    if (config.dates_off.includes(date)) continue;
    const day = DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
    for (const range of config.hours[day] ?? []) {
      for (let m = minutesOf(range.from); m + session.minutes <= minutesOf(range.to); m += config.slot_step_minutes) {
        const startsAt = zonedTime(date, timeOf(m), config.timezone);
        const endsAt = new Date(startsAt.getTime() + session.minutes * MINUTE);
        if (startsAt.getTime() < earliest || startsAt.getTime() > latest) continue;
        if (busy.some((b) => b.startsAt < endsAt && startsAt < b.endsAt)) continue;
        slots.push({ startsAt, endsAt });
      }
    }
  }
  return slots;
}
