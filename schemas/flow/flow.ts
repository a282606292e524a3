import { z } from "zod";
import { experiment } from "./experiments.ts";
import { scoring } from "./scoring.ts";
import { step } from "./steps.ts";
import { appPath, identifier, text } from "./text.ts";
import { topics } from "./topics.ts";

/** Topics, spelled as the live ad URLs spell them. */
export const topic = z.enum(topics);

export const answerOption = z.strictObject({ value: z.number(), label: text });

/**
 * One funnel: the only thing a growth team writes to add or change a funnel (flows/*.yaml).
 * The first step is where the flow starts.
 */
export const flow = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9_]{2,62}$/, "a quiz code uses lower-case letters, digits and _"),
  topic,
  title: text,
  description: text.optional(),
  /** Bump when questions change meaning; the compiled flow also carries a hash of its content. */
  version: z.number().int().min(1),
  paths: z.strictObject({
    /** Where the flow starts: its first step's URL. */
    start: appPath,
    /** Other URLs that open the flow at its start. */
    aliases: z.array(appPath).default([]),
  }),
  /** The report template (prompt code) this flow's answers produce. */
  report: identifier,
  /** Named answer scales used by likert steps. */
  answerSets: z.record(identifier, z.array(answerOption).min(2).max(11)).default({}),
  steps: z.array(step).min(1),
  scoring: scoring.optional(),
  experiments: z.array(experiment).default([]),
});

export type Flow = z.infer<typeof flow>;
export type FlowInput = z.input<typeof flow>;
export type Topic = z.infer<typeof topic>;
