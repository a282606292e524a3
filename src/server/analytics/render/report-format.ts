import { decimalMoney, formatMoney } from "#schemas/content/money.ts";

/** Shared wording and number formats of the funnel report's text and HTML forms. */

export const count = (n: number) => n.toLocaleString("en-US");
export const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "–");
/** Money as the console's page writes it ("US$1,229.59", schemas/content/money.ts); without a currency, the plain amount. */
export const money = (minor: number | null, currency: string | null) => (minor === null ? "–" : currency ? formatMoney(minor, currency) : decimalMoney(minor));
export const seconds = (s: number | null) => (s === null ? "–" : s < 90 ? `${Math.round(s)} s` : `${(s / 60).toFixed(1)} min`);
export const day = (iso: string) => iso.slice(0, 10);
