import { z } from "zod";

/**
 * Ad spend, imported by staff as a CSV in the growth console (ADR 059, docs/analytics.md): one row
 * per UTC day, source and campaign, so the funnel figures can set cost per lead, cost per sale and
 * return on ad spend beside the revenue they count.
 */

/** The CSV's columns, in the order the console's example writes them (a file may order them as it likes). */
export const AD_SPEND_COLUMNS = ["date", "source", "campaign", "currency", "spend"] as const;

/** The largest file one import takes: characters of CSV, and data rows (a year of 50 campaigns a day is 18,250). */
export const AD_SPEND_LIMITS = { characters: 2_000_000, rows: 20_000 } as const;

/** The import's body: the file's text, as the console reads it from the chosen file. */
export const adSpendImportBody = z.strictObject({
  csv: z.string().describe(`The CSV file's text: a header line naming ${AD_SPEND_COLUMNS.join(", ")}, then one row per day, source and campaign`),
});

export const adSpendImported = z.object({
  data: z.object({
    rows: z.number().int().describe("Rows in the file, all stored"),
    added: z.number().int().describe("Days of a source and campaign that had no spend before"),
    replaced: z.number().int().describe("Days of a source and campaign whose earlier spend this file replaced"),
    from: z.string().describe("The first day in the file (YYYY-MM-DD)"),
    to: z.string().describe("The last day in the file (YYYY-MM-DD)"),
    unmatched: z
      .array(z.object({ source: z.string(), campaign: z.string() }))
      .describe("Source and campaign pairs no visitor has arrived with yet (utm_source, utm_campaign): stored, but check their spelling"),
  }),
});
export type AdSpendImported = z.infer<typeof adSpendImported>["data"];

/** The spend stored for one source, campaign and currency. */
const adSpendSeries = z.object({
  source: z.string(),
  campaign: z.string(),
  currency: z.string(),
  from: z.string().describe("The first day with spend (YYYY-MM-DD)"),
  to: z.string().describe("The last day with spend (YYYY-MM-DD)"),
  days: z.number().int(),
  spend: z.number().int().describe("Minor units of the currency"),
  importedAt: z.string().describe("When the latest of its rows was imported"),
});
export type AdSpendSeries = z.infer<typeof adSpendSeries>;
export const adSpendList = z.object({ data: z.array(adSpendSeries) });
