import { z } from "zod";
import { identifier, text } from "./text.ts";

/**
 * Scoring as data. A scale sums (or averages) the numeric answers of its items; a reversed item
 * counts as (min + max − value) of its answer range. Bands name score ranges: each band starts at
 * `from` and runs to the next band's `from`.
 */
export const scaleItem = z
  .union([
    identifier.describe("A step id whose answer the scale adds"),
    z.strictObject({
      step: identifier.describe("A step id whose answer the scale adds"),
      reverse: z.boolean().default(false).describe("true: counts as (lowest + highest − answer), for items worded the other way"),
    }),
  ])
  .describe("A step whose numeric answer counts in the scale");

export const band = z.strictObject({
  id: identifier.describe("The band's id: reports key their text by it"),
  from: z.number().describe("The lowest score in the band; it runs to the next band's from"),
  label: text.describe("The band's name the visitor reads, e.g. Moderate"),
  description: text.optional().describe("What a score in this band means, in plain words"),
});

export const scale = z.strictObject({
  id: identifier.describe("The scale's id: conditions, summaries and reports name it"),
  name: text.describe("The scale's name the visitor reads"),
  description: text.optional().describe("What the scale measures, in plain words"),
  items: z.array(scaleItem).min(1).describe("The steps it adds up"),
  method: z.enum(["sum", "mean"]).default("sum").describe("sum: the total of the answers; mean: their average (use mean when an item may be skipped)"),
  bands: z
    .array(band)
    .min(1)
    .refine((bands) => bands.every((b, i) => i === 0 || b.from > bands[i - 1]!.from), "bands must be in increasing order of from")
    .optional()
    .describe("Named score ranges in increasing order of from; the first should start at the lowest possible score"),
});

export const scoring = z.strictObject({
  scales: z.array(scale).min(1).describe("One or more scales"),
  /**
   * How the result is read: `profile` ranks scales against each other (ipsative, e.g. RIASEC
   * interests, no norms); `levels` reads each scale against its bands.
   */
  interpretation: z
    .enum(["profile", "levels"])
    .default("levels")
    .describe("profile: scales ranked against each other (no norms); levels: each scale read against its bands"),
});

export type Scale = z.infer<typeof scale>;
export type Scoring = z.infer<typeof scoring>;
