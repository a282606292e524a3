import { sourceText, usdText } from "../format.ts";
import type { BlockOf } from "./types.ts";

export type ProfessionPay = NonNullable<BlockOf<"professions">["items"][number]["pay"]>;

export type PayText = {
  median: string;
  /** The spread as far as it is published: between the 10th and 90th percentiles, or one end of it. */
  range: { label: string; value: string } | null;
  source: string;
};

/** Pay in words: the U.S. median a year, what most people earn, and the source with its year. */
export function payText(pay: ProfessionPay): PayText {
  const low = pay.p10_annual_usd;
  const high = pay.p90_annual_usd;
  const range =
    low !== null && high !== null
      ? { label: "8 in 10 earn", value: `${usdText(low)} to ${usdText(high)}` }
      : low !== null
        ? { label: "1 in 10 earns under", value: usdText(low) }
        : high !== null
          ? { label: "1 in 10 earns over", value: usdText(high) }
          : null;
  return { median: `${usdText(pay.median_annual_usd)} a year`, range, source: sourceText(pay.source, pay.year) };
}
