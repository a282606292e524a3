import { formatWholeMoney } from "#schemas/content/money.ts";
import type { ReportBlock } from "#schemas/report/document.ts";

export type Pay = NonNullable<Extract<ReportBlock, { kind: "professions" }>["items"][number]["pay"]>;

/** Whole US dollars, written as everywhere else: "US$93,600". */
const dollars = { format: (amount: number) => formatWholeMoney(amount, "USD") };

/** Annual U.S. pay in words: the median, the 10th–90th percentile range (or what there is of it), and its source. */
export function payText(pay: Pay): { figures: string; source: string } {
  const { median_annual_usd: median, p10_annual_usd: p10, p90_annual_usd: p90 } = pay;
  const spread =
    p10 !== null && p90 !== null
      ? ` · 10th–90th percentile ${dollars.format(p10)} – ${dollars.format(p90)}`
      : p10 !== null
        ? ` · 10th percentile ${dollars.format(p10)}`
        : p90 !== null
          ? ` · 90th percentile ${dollars.format(p90)}`
          : "";
  const source = pay.source.includes(String(pay.year)) ? pay.source : `${pay.source}, ${pay.year}`;
  return { figures: `Median ${dollars.format(median)} a year${spread}`, source: `Source: ${source}` };
}
