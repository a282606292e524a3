import { z } from "zod";
import { next } from "./condition.ts";
import { appPath, identifier, image, text } from "./text.ts";
import { resultLayout, teaserLayout } from "../report/layouts.ts";

/** What every step has. `path` defaults to `<flow start path>/<id>`; the first step is at the start path. */
const base = {
  id: identifier,
  path: appPath.optional(),
  title: text,
  subtitle: text.optional(),
  next: next.optional(),
  /** Counted in the progress bar; questions count by default, the rest do not. */
  progress: z.boolean().optional(),
};

/** Single choice, likert and slider questions are answered unless the author lets the visitor skip. */
const optionalAnswer = z
  .boolean()
  .default(false)
  .describe("true: the visitor may skip the question (a Skip button); a skipped question adds nothing to its scales and `answered` is false");

export const choiceOption = z.strictObject({
  id: identifier,
  label: text,
  /** The number this option adds to the scales that list the step. */
  value: z.number().optional(),
  image: image.optional(),
});

export const singleChoiceStep = z.strictObject({
  ...base,
  kind: z.literal("single_choice"),
  options: z.array(choiceOption).min(2).max(12),
  layout: z.enum(["list", "grid"]).default("list"),
  optional: optionalAnswer,
});

export const multipleChoiceStep = z.strictObject({
  ...base,
  kind: z.literal("multiple_choice"),
  options: z.array(choiceOption).min(2).max(16),
  min: z.number().int().min(0).default(1),
  max: z.number().int().min(1).optional(),
  cta: text.optional(),
});

/** One statement rated on a named answer set (flow `answerSets`), e.g. five points from strongly dislike to strongly like. */
export const likertStep = z.strictObject({
  ...base,
  kind: z.literal("likert"),
  answers: identifier.describe("an answer set declared under answerSets"),
  optional: optionalAnswer,
});

export const sliderStep = z.strictObject({
  ...base,
  kind: z.literal("slider"),
  min: z.number(),
  max: z.number(),
  step: z.number().positive().default(1),
  initial: z.number().optional(),
  unit: text.optional(),
  minLabel: text.optional(),
  maxLabel: text.optional(),
  cta: text.optional(),
  optional: optionalAnswer,
});

export const shortTextStep = z.strictObject({
  ...base,
  kind: z.literal("short_text"),
  label: text,
  placeholder: text.optional(),
  maxLength: z.number().int().min(1).max(500).default(200),
  optional: z.boolean().default(false),
  cta: text.optional(),
});

export const infoStep = z.strictObject({
  ...base,
  kind: z.literal("info"),
  body: z.array(text).min(1).max(8),
  image: image.optional(),
  cta: text.optional(),
});

export const nameStep = z.strictObject({
  ...base,
  kind: z.literal("name"),
  label: text,
  placeholder: text.optional(),
  optional: z.boolean().default(false),
  cta: text.optional(),
});

export const emailStep = z.strictObject({
  ...base,
  kind: z.literal("email"),
  label: text,
  placeholder: text.optional(),
  /** What the visitor agrees to by continuing (terms, privacy); shown next to the button. */
  consent: text,
  /** An optional, unticked box for marketing e-mail. */
  marketingConsent: text.optional(),
  cta: text.optional(),
});

export const summaryStep = z.strictObject({
  ...base,
  kind: z.literal("summary"),
  body: z.array(text).max(6).default([]),
  /** How the report's teaser is laid out (schemas/report/layouts.ts); an experiment variant may change it. */
  layout: teaserLayout.default("teaser"),
  /** Scales to show as a teaser of the profile; all scales when left out. */
  scales: z.array(identifier).optional(),
  cta: text.optional(),
});

export const preparingStep = z.strictObject({
  ...base,
  kind: z.literal("preparing"),
  /** Shown one after another while the answers are analysed. */
  messages: z.array(text).min(1).max(8),
  /** The least time the step stays on screen, even when the analysis is already done. */
  minDurationMs: z.number().int().min(0).max(30_000).default(4000),
});

/**
 * One promise of the pre-checkout list and the report section that keeps it (an `id` of the flow's
 * report template in content/reports/<report>/report.yaml, or `account` / `pdf`, which every report
 * gets). `npm run flows:check` and the build fail when the section does not exist.
 */
export const includeItem = z
  .strictObject({
    text: text.describe("What the visitor reads in the list"),
    delivers: identifier.describe("The report section that delivers it, or account / pdf"),
  })
  .describe("A promise of the paid report and the section that keeps it");

export const preCheckoutStep = z.strictObject({
  ...base,
  kind: z.literal("pre_checkout"),
  body: z.array(text).max(6).default([]),
  /** What the paid report contains, as a list: each item names the report section that delivers it. */
  includes: z.array(includeItem).min(1).max(10),
  cta: text.optional(),
});

export const paymentStep = z.strictObject({
  ...base,
  kind: z.literal("payment"),
  body: z.array(text).max(6).default([]),
});

export const resultStep = z.strictObject({
  ...base,
  kind: z.literal("result"),
  body: z.array(text).max(6).default([]),
  /** How the paid report is laid out (schemas/report/layouts.ts); an experiment variant may change it, `?style=2` shows the alternate view. */
  layout: resultLayout.default("document"),
});

export const feedbackStep = z.strictObject({
  ...base,
  kind: z.literal("feedback"),
  /** The rating question; answered on a 1–5 scale. */
  question: text,
  commentLabel: text.optional(),
  cta: text.optional(),
});

export const step = z.discriminatedUnion("kind", [
  singleChoiceStep,
  multipleChoiceStep,
  likertStep,
  sliderStep,
  shortTextStep,
  infoStep,
  nameStep,
  emailStep,
  summaryStep,
  preparingStep,
  preCheckoutStep,
  paymentStep,
  resultStep,
  feedbackStep,
]);

export type Step = z.infer<typeof step>;
export type StepKind = Step["kind"];
export type StepOf<K extends StepKind> = Extract<Step, { kind: K }>;
export type ChoiceOption = z.infer<typeof choiceOption>;

// Plain constants live in a zod-free module so browser code can use them without zod.
export { questionKinds, terminalKinds } from "./step-kinds.ts";
