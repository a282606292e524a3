import { z } from "zod";
import { appPath, identifier } from "./text.ts";

/**
 * An A/B test. A visitor is assigned one variant, deterministically from their visitor id and the
 * experiment id, weighted; the assignment is kept and recorded with every event and order.
 * A variant may move one step to another path (e.g. the result page to /get-result-b).
 */
export const variant = z.strictObject({
  id: identifier,
  weight: z.number().int().min(0).max(1000),
  paths: z.record(identifier, appPath).optional().describe("step id → the path this variant shows it at"),
});

export const experiment = z.strictObject({
  id: identifier,
  description: z.string().max(500).optional(),
  variants: z
    .array(variant)
    .min(2)
    .refine((v) => v.some((x) => x.weight > 0), "at least one variant needs a weight above 0"),
});

export type Experiment = z.infer<typeof experiment>;
