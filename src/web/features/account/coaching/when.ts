import { dateFormatter } from "#web/shared/dates/format-date.ts";

/** The customer's own time zone, as the browser knows it (e.g. Europe/Berlin). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Tue 1 Dec" in the customer's zone: the day a slot is listed under. */
export const dayLabel = (iso: string, timeZone = localZone()) => dateFormatter({ timeZone, weekday: "short", day: "numeric", month: "short" })(iso);

/** "10:30" in the customer's zone. */
export const timeLabel = (iso: string, timeZone = localZone()) => dateFormatter({ timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })(iso);

/** "Tuesday 1 December, 10:30–11:15 (Europe/Berlin)". */
export const whenLabel = (startsAt: string, endsAt: string, timeZone = localZone()) =>
  `${dateFormatter({ timeZone, weekday: "long", day: "numeric", month: "long" })(startsAt)}, ${timeLabel(startsAt, timeZone)}–${timeLabel(endsAt, timeZone)} (${timeZone})`;

/** Slots grouped by the customer's calendar day, in order. */
export function byDay<T extends { starts_at: string }>(slots: readonly T[], timeZone = localZone()): { day: string; slots: T[] }[] {
  const days: { day: string; slots: T[] }[] = [];
  for (const slot of slots) {
    const day = dayLabel(slot.starts_at, timeZone);
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}
