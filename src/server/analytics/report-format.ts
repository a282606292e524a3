import type { Comparison } from "./funnel-report.ts";

/** Shared wording and number formats of the funnel report's text and HTML forms. */

export const count = (n: number) => n.toLocaleString("en-US");
export const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "–");
export const money = (minor: number | null, currency: string | null) =>
  minor === null ? "–" : `${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ""}`;
export const seconds = (s: number | null) => (s === null ? "–" : s < 90 ? `${Math.round(s)} s` : `${(s / 60).toFixed(1)} min`);
export const day = (iso: string) => iso.slice(0, 10);

/** "p = 0.031", or why there is no conclusion. */
export function verdict(r: Comparison["paid"]): string {
  if (r.p === null) return "no test (no variation)";
  const p = r.p < 0.001 ? "p < 0.001" : `p = ${r.p.toFixed(3)}`;
  if (!r.valid) return `${p}, too few to conclude (needs ${r.condition})`;
  return r.p < 0.05 ? `${p}, significant at 5%` : `${p}, not significant at 5%`;
}
