import { dateFormatter } from "#web/shared/dates/format-date.ts";

/** How the console writes its figures: counts, shares, p-values, durations and moments. */

const count = new Intl.NumberFormat("en-US");
const moment = dateFormatter({ day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
const day = dateFormatter({ day: "numeric", month: "short", timeZone: "UTC" });

/** 12345 → "12,345". */
export const formatCount = (n: number) => count.format(n);

/** A share of a whole as a percentage with one decimal ("33.3%"); "–" of nothing. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return "–";
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}

/** Seconds as a visitor would say them: "8 s", "2 min 5 s"; "–" when unknown. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return "–";
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} min${rest ? ` ${rest} s` : ""}`;
}

/** An ISO date-time in UTC, the zone the figures are counted in: "26 Nov 2026, 16:53 UTC" (date and time each held together). */
export const formatMoment = (iso: string) => moment(iso);

/** A YYYY-MM-DD day of the trend: "26 Nov". */
export const formatDay = (ymd: string) => day(`${ymd}T00:00:00Z`);
