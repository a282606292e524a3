import { formatDate } from "#web/shared/dates/format-date.ts";
import type { WeeklyAuditConfig, WeeklyAuditEntry } from "#schemas/tools/weekly-audit.ts";

export { HOURS_IN_A_WEEK } from "#schemas/tools/weekly-audit.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The Monday (YYYY-MM-DD) of the week `day` is in, by the calendar the customer sees. */
export function mondayOf(day: Date): string {
  const monday = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return isoDay(monday);
}

/** A date the customer picked (YYYY-MM-DD) moved to its week's Monday; null when it is not a date. */
export function weekOf(picked: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(picked);
  if (!m) return null;
  const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(day.getTime()) || isoDay(day) !== picked ? null : mondayOf(day);
}

/** This week, nothing entered yet. */
export const blankWeeklyAudit = (today = new Date()): WeeklyAuditEntry => ({ week_of: mondayOf(today), hours: {}, note: "" });

export type HourKind = "spent" | "wanted";

/** Sets one number of one category; a row whose two numbers are both cleared is dropped. */
export function setHours(value: WeeklyAuditEntry, category: string, kind: HourKind, input: string): WeeklyAuditEntry {
  const hours = input.trim() === "" ? 0 : Number(input);
  if (!Number.isFinite(hours)) return value;
  const row = { spent: 0, wanted: 0, ...value.hours[category], [kind]: hours };
  const next = { ...value.hours, [category]: row };
  if (row.spent === 0 && row.wanted === 0 && input.trim() === "") delete next[category];
  return { ...value, hours: next };
}

/** Spent and wanted hours of every category of the config, with the difference (wanted − spent). */
export function auditRows(config: WeeklyAuditConfig, value: WeeklyAuditEntry) {
  return config.categories.map((c) => {
    const row = value.hours[c.id];
    const spent = row?.spent ?? 0;
    const wanted = row?.wanted ?? 0;
    return { ...c, entered: row !== undefined, spent, wanted, difference: wanted - spent };
  });
}

export function auditTotals(config: WeeklyAuditConfig, value: WeeklyAuditEntry) {
  const rows = auditRows(config, value);
  return { spent: rows.reduce((s, r) => s + r.spent, 0), wanted: rows.reduce((s, r) => s + r.wanted, 0) };
}

/** "2.5 h", "1 h"; no float noise. */
export const formatHours = (h: number) => `${Math.round(h * 100) / 100} h`;

/** "+2.5 h more wanted", "3 h less wanted", "as wanted". */
export function describeDifference(difference: number): string {
  if (difference === 0) return "as wanted";
  return difference > 0 ? `${formatHours(difference)} more wanted` : `${formatHours(-difference)} less wanted`;
}

/** "23 November 2026" for a YYYY-MM-DD, read as a calendar day (no time zone shift). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return formatDate(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** "Week of 23 November 2026: 38 h spent, 40 h wanted". */
export function weeklyAuditSummary(config: WeeklyAuditConfig, value: WeeklyAuditEntry): string {
  const totals = auditTotals(config, value);
  return `Week of ${formatDay(value.week_of)}: ${formatHours(totals.spent)} spent, ${formatHours(totals.wanted)} wanted`;
}
