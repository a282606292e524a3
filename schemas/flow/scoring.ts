import { z } from "zod";
import { identifier, text } from "./text.ts";

/**
 * Scoring as data. A scale sums (or averages) the numeric answers of its items; a reversed item
 * counts as (min + max − value) of its answer range. Bands name score ranges: each band starts at
 * `from` and runs to the next band's `from`.
 */
export const scaleItem = z.union([identifier, z.strictObject({ step: identifier, reverse: z.boolean().default(false) })]);

export const band = z.strictObject({
  id: identifier,
  from: z.number(),
  label: text,
  description: text.optional(),
});

export const scale = z.strictObject({
  id: identifier,
  name: text,
  description: text.optional(),
  items: z.array(scaleItem).min(1),
  method: z.enum(["sum", "mean"]).default("sum"),
  bands: z
    .array(band)
    .min(1)
    .refine((bands) => bands.every((b, i) => i === 0 || b.from > bands[i - 1]!.from), "bands must be in increasing order of from")
    .optional(),
});

export const scoring = z.strictObject({
  scales: z.array(scale).min(1),
  /**
   * How the result is read: `profile` ranks scales against each other (ipsative, e.g. RIASEC
   * interests, no norms); `levels` reads each scale against its bands.
   */
  interpretation: z.enum(["profile", "levels"]).default("levels"),
});

export type Scale = z.infer<typeof scale>;
export type Scoring = z.infer<typeof scoring>;
