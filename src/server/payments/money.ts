/** The renewal price after a retention discount of `percent`, rounded to the minor unit. */
export const discounted = (amount: number, percent: number | null) => (percent ? Math.round((amount * (100 - percent)) / 100) : amount);

/** 1999 → "19.99" (every currency we sell in has two decimals). */
export const toMajor = (minor: number): string => (minor / 100).toFixed(2);

/** "19.99", 19.99 or "19.9" → 1999; anything that is not a plain non-negative amount → null. */
export function toMinor(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** "US$19.99", "€1.99": the one rule for money in words, shared with the web app (schemas/content/money.ts). */
export { formatMoney } from "#schemas/content/money.ts";
