import { formatMoney } from "../content/money.ts";

/**
 * The ad-spend figures of the funnel report in words (ADR 059): one rule for the console's page,
 * the command's text, its HTML and the CSV. A figure that cannot be had says why, never a 0 or an
 * infinity: no spend imported, no lead or sale to divide by, no spend to divide by.
 */
export const SPEND_WORDS = {
  /** A source or campaign without spend imported for the window's days. */
  missing: "no spend imported",
  noLeads: "no leads",
  noSales: "no sales",
  /** Return on ad spend over a spend of 0. */
  noSpend: "no spend",
} as const;

/** Return on ad spend, revenue ÷ spend: "2.35×". */
export const formatRoas = (roas: number | null) => (roas === null ? SPEND_WORDS.noSpend : `${roas.toFixed(2)}×`);

/** A cost per lead or per sale in its currency ("US$12.50"), or why there is none. */
export const formatCost = (minor: number | null, currency: string, per: "lead" | "sale") =>
  minor === null ? (per === "lead" ? SPEND_WORDS.noLeads : SPEND_WORDS.noSales) : formatMoney(minor, currency);

/** "12 of 30 days" when spend covers part of the window's days; nothing when it covers them all. */
export const spendDays = (days: number, windowDays: number) => (days < windowDays ? `${days} of ${windowDays} days` : "");
