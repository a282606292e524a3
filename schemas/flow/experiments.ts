import { z } from "zod";
import { reportLayout } from "../report/layouts.ts";
import { offer } from "./offer.ts";
import { appPath, identifier, text } from "./text.ts";

/**
 * What a variant may change about a step: its words, and which of its own options it shows, in
 * what order and with what labels. Never its kind, its answers' meaning or its scoring.
 */
export const stepCopy = z
  .strictObject({
    title: text.optional().describe("Replaces the step's title"),
    subtitle: text.optional().describe("Replaces the step's subtitle"),
    body: z.array(text).max(8).optional().describe("Replaces the step's paragraphs (steps that have a body)"),
    cta: text.optional().describe("Replaces the button's words (steps that have a cta)"),
    label: text.optional().describe("Replaces the field's label (steps that have a label)"),
    options: z
      .array(z.strictObject({ id: identifier.describe("One of the step's own option ids"), label: text.optional().describe("Replaces the option's label") }))
      .min(2)
      .optional()
      .describe("The step's own options to show, in this order, each optionally relabelled (choice steps)"),
  })
  .describe("The copy this variant shows for one step");
export type StepCopy = z.infer<typeof stepCopy>;

/**
 * An A/B test. A visitor is assigned one variant, deterministically from their visitor id and the
 * experiment id, weighted; the assignment is kept and recorded with every event and order.
 * A variant may move a step to another path (e.g. the result page to /get-result-b), show a
 * summary or result step's report in another layout (e.g. a card grid of findings), and change a
 * step's copy or which of its options it shows. Branches can read the variant (`{ variant }`).
 */
export const variant = z.strictObject({
  id: identifier.describe("The variant's id: assignments are stored and reported by it"),
  weight: z.number().int().min(0).max(1000).describe("Its share of visitors, relative to the other variants' weights (0: none)"),
  paths: z.record(identifier, appPath).optional().describe("step id → the path this variant shows it at"),
  layouts: z
    .record(identifier, reportLayout)
    .optional()
    .describe("step id → the report layout this variant shows it in (result steps: a result layout; summary steps: teaser or early)"),
  steps: z.record(identifier, stepCopy).optional().describe("step id → the words and options this variant shows for it"),
  offer: offer.optional().describe("Replaces the flow's offer for this variant's visitors: its plans, their order, the preselected one"),
});

/** An experiment's state (ADR 064). */
export const EXPERIMENT_STATUSES = ["running", "stopped", "rolled_out"] as const;

export const experiment = z.strictObject({
  id: identifier.describe("The experiment's id: branches read it with { variant: { experiment, is } }"),
  description: z.string().max(500).optional().describe("What the experiment tests, for the team"),
  status: z
    .enum(EXPERIMENT_STATUSES)
    .optional()
    .describe("running (the default): visitors are split by weight; stopped: new visitors get the first variant; rolled_out: new visitors get `rolled_out`"),
  started: z.iso.date().optional().describe("The day it started (YYYY-MM-DD)"),
  stopped: z.iso.date().optional().describe("The day it stopped or was rolled out (YYYY-MM-DD)"),
  rolled_out: identifier.optional().describe("With status rolled_out: the variant every new visitor gets"),
  smallest_lift: z
    .number()
    .gt(0)
    .max(10)
    .optional()
    .describe("The smallest relative lift worth finding (0.1 = 10%, the default): the verdict's 'no difference large enough to matter' and the planner"),
  decide_on: z
    .enum(["paid", "net_revenue_per_visitor"])
    .optional()
    .describe("The metric the verdict is on: paid conversion (the default), or revenue per visitor net of refunds, renewals included"),
  variants: z
    .array(variant)
    .min(2)
    .refine((v) => v.some((x) => x.weight > 0), "at least one variant needs a weight above 0")
    .describe("Two or more variants; each visitor is assigned one, by weight, and keeps it"),
});

export type Experiment = z.infer<typeof experiment>;
