import { formatWholeMoney } from "#schemas/content/money.ts";
import type { ReportScale } from "#schemas/report/document.ts";

/** A whole percent as the report writes it: "75%". */
export const percentText = (percent: number) => `${Math.round(percent)}%`;

const scoreNumber = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * How a scale's level is written: a score read against bands (a wellbeing check) as its own
 * numbers, "17 of 21"; a profile, ranked against itself, as the share of its range, "75%".
 */
export const levelText = (scale: { band: unknown; score: number; max: number; percent: number }) =>
  scale.band ? `${scoreNumber(scale.score)} of ${scoreNumber(scale.max)}` : percentText(scale.percent);

/** Whole US dollars, unambiguous for every reader: "US$93,600" (schemas/content/money.ts). */
export const usdText = (amount: number) => formatWholeMoney(amount, "USD");

/** What a higher score means, in words; null for scales where neither end is better (interests). */
export function directionText(higherIs: ReportScale["higher_is"]): string | null {
  if (higherIs === "better") return "Higher is better";
  if (higherIs === "worse") return "Lower is better";
  return null;
}

/** The source of a figure with its year, without saying the year twice ("…, May 2024" already has it). */
export function sourceText(source: string, year: number): string {
  return source.includes(String(year)) ? source : `${source}, ${year}`;
}

/** Words that end in a full stop without ending a sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:[A-Z]|[A-Za-z]\.[A-Za-z]|e\.g|i\.e|etc|vs|Dr|Mr|Mrs|Ms|St|No)\.$/;

/**
 * The first sentence of a text: up to the first ".", "!" or "?" that is followed by a space and a
 * capital letter (or the end), skipping abbreviations such as "U.S." and "e.g.". The whole text
 * when it is one sentence.
 */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const end = /[.!?]["”’)]?(?=\s+["“‘(]?[A-Z0-9])/g;
  for (let match = end.exec(trimmed); match; match = end.exec(trimmed)) {
    const upTo = trimmed.slice(0, match.index + match[0].length);
    if (!ABBREVIATION.test(upTo.replace(/["”’)]$/, ""))) return upTo;
  }
  return trimmed;
}

/** An href that stays in this app (a path), as opposed to another site's address. */
export const isAppPath = (href: string) => href.startsWith("/") && !href.startsWith("//");
