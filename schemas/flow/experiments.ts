import { z } from "zod";
import { reportLayout } from "../report/layouts.ts";
import { appPath, identifier } from "./text.ts";

/**
 * An A/B test. A visitor is assigned one variant, deterministically from their visitor id and the
 * experiment id, weighted; the assignment is kept and recorded with every event and order.
 * A variant may move a step to another path (e.g. the result page to /get-result-b) and show a
 * summary or result step's report in another layout (e.g. a card grid of findings).
 */
export const variant = z.strictObject({
  id: identifier,
  weight: z.number().int().min(0).max(1000),
  paths: z.record(identifier, appPath).optional().describe("step id → the path this variant shows it at"),
  layouts: z
    .record(identifier, reportLayout)
    .optional()
    .describe("step id → the report layout this variant shows it in (result steps: a result layout; summary steps: teaser or early)"),
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
