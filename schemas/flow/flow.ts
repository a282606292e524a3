import { z } from "zod";
import { card } from "./card.ts";
import { experiment } from "./experiments.ts";
import { followUps } from "./follow-ups.ts";
import { offer } from "./offer.ts";
import { scoring } from "./scoring.ts";
import { step } from "./steps.ts";
import { appPath, identifier, text } from "./text.ts";
import { topic } from "./topics.ts";

export const answerOption = z.strictObject({
  value: z.number().describe("The number the answer gives its scales (conditions compare with it, unquoted)"),
  label: text.describe("What the visitor reads"),
});

/**
 * One funnel: the only thing a growth team writes to add or change a funnel (flows/*.yaml).
 * The first step is where the flow starts.
 */
export const flow = z.strictObject({
  code: z
    .string()
    .regex(/^[a-z][a-z0-9_]{2,62}$/, "a quiz code uses lower-case letters, digits and _")
    .describe("The quiz's code, unique across flows: sessions, orders and /quiz/<code> use it"),
  topic: topic.describe("The assessment's topic: any id (lower-case letters, digits, - and _); flows of one topic share its feedback page and listings"),
  title: text.describe("The quiz's name, as listed and in the browser tab"),
  card: card.optional().describe("Its card on the home page (title, one line, minutes, picture, group, place); a flow without one is not listed there"),
  description: text.optional().describe("One or two sentences on what the quiz measures"),
  version: z.number().int().min(1).describe("Bump when questions change meaning; the compiled flow also carries a hash of its content"),
  paths: z
    .strictObject({
      start: appPath.describe("Where the flow starts: its first step's URL"),
      aliases: z.array(appPath).default([]).describe("Other URLs that open the flow at its start (e.g. an ad's landing path)"),
    })
    .describe("The flow's URLs"),
  report: identifier.describe("The report template (prompt code) the answers produce: content/reports/<report>/"),
  answerSets: z
    .record(identifier, z.array(answerOption).min(2).max(11))
    .default({})
    .describe("Named answer scales that likert steps use, each 2–11 answers, e.g. agree5"),
  steps: z.array(step).min(1).describe("The steps in file order; the first is where the flow starts"),
  scoring: scoring.optional().describe("How answers become scores; left out when the flow scores nothing"),
  experiments: z.array(experiment).default([]).describe("A/B tests: each visitor gets one variant of each"),
  offer: offer.optional(),
  follow_ups: followUps
    .optional()
    .describe("E-mails to visitors who left their address with marketing consent and did not buy (at most 3, each later than the one before)"),
});

export type Flow = z.infer<typeof flow>;
export type FlowInput = z.input<typeof flow>;
export type { Topic } from "./topics.ts";
