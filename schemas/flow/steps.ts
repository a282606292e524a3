import { z } from "zod";
import { next } from "./condition.ts";
import { shuffle, shuffleGroup } from "./shuffle.ts";
import { stepEvents } from "./step-events.ts";
import { appPath, identifier, image, text } from "./text.ts";
import { resultLayout, teaserLayout } from "../report/layouts.ts";

/** What every step has. `path` defaults to `<flow start path>/<id>`; the first step is at the start path. */
const base = {
  id: identifier.describe("The step's id: answers are stored under it and `next` names it; keep it once visitors have answered"),
  path: appPath.optional().describe("The URL the step is shown at; default <start path>/<id> (the first step: the start path)"),
  title: text.describe("The heading the visitor reads (the question, for questions)"),
  subtitle: text.optional().describe("A line under the title"),
  next: next.optional().describe("Where to go after this step: a step id, or branches tried in order (the last without `if`); left out only on a last step"),
  progress: z.boolean().optional().describe("Counted in the progress bar; questions count by default, other steps do not"),
  events: stepEvents
    .optional()
    .describe("The flow's own events, sent to the page's dataLayer when the step is shown (with marketing consent only), each when its condition holds"),
};

/** The questions that can be asked in a random order with their neighbours (ADR 067). */
const groupable = { shuffle_group: shuffleGroup.optional() };

/**
 * A line such as "1,240 people finished this test in the last 30 days": the number is counted from
 * our own sessions when the page is served, never written in the flow, and the line is left out
 * while the count is under `minimum` (a small number persuades nobody).
 */
export const socialProof = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((t) => (t.match(/\{count\}/g) ?? []).length === 1, "say {count} once, where the number goes")
    .describe("The line, with {count} where the number goes"),
  minimum: z.number().int().min(1).max(1_000_000).default(100).describe("Shown only when at least this many people finished the test in the last 30 days"),
});

/** A picture with a question, between its title and its answers. */
const questionImage = image.optional().describe("A picture shown with the question, under its title");

/** Single choice, likert and slider questions are answered unless the author lets the visitor skip. */
const optionalAnswer = z
  .boolean()
  .default(false)
  .describe("true: the visitor may skip the question (a Skip button); a skipped question adds nothing to its scales and `answered` is false");

export const choiceOption = z.strictObject({
  id: identifier.describe("The option's id: stored as the answer and named by conditions"),
  label: text.describe("What the visitor reads"),
  value: z.number().optional().describe("The number this option adds to the scales that list the step"),
  image: image.optional().describe("A picture shown with the option"),
});

export const singleChoiceStep = z.strictObject({
  ...base,
  kind: z.literal("single_choice").describe("One answer from a list"),
  ...groupable,
  image: questionImage,
  options: z.array(choiceOption).min(2).max(12).describe("2–12 options"),
  shuffle: shuffle.optional(),
  layout: z.enum(["list", "grid"]).default("list").describe("list: one per row; grid: tiles (for options with pictures)"),
  optional: optionalAnswer,
});

export const multipleChoiceStep = z.strictObject({
  ...base,
  kind: z.literal("multiple_choice").describe("Any number of answers from a list"),
  ...groupable,
  image: questionImage,
  options: z.array(choiceOption).min(2).max(16).describe("2–16 options"),
  shuffle: shuffle.optional(),
  min: z.number().int().min(0).default(1).describe("The fewest options the visitor must choose (0: the question can be skipped)"),
  max: z.number().int().min(1).optional().describe("The most options the visitor may choose; default all"),
  cta: text.optional().describe("The button's words; default Continue"),
});

/** One statement rated on a named answer set (flow `answerSets`), e.g. five points from strongly dislike to strongly like. */
export const likertStep = z.strictObject({
  ...base,
  kind: z.literal("likert").describe("One statement rated on a scale of answers"),
  ...groupable,
  image: questionImage,
  answers: identifier.describe("An answer set declared under answerSets"),
  optional: optionalAnswer,
});

export const sliderStep = z.strictObject({
  ...base,
  kind: z.literal("slider").describe("A number on a range"),
  ...groupable,
  image: questionImage,
  min: z.number().describe("The lowest value"),
  max: z.number().describe("The highest value"),
  step: z.number().positive().default(1).describe("The slider moves from min in steps of this size"),
  initial: z.number().optional().describe("Where the slider starts; default the middle of the range, on the steps"),
  unit: text.optional().describe("Shown after the number, e.g. hours"),
  minLabel: text.optional().describe("Shown under the low end; default min"),
  maxLabel: text.optional().describe("Shown under the high end; default max"),
  cta: text.optional().describe("The button's words; default Continue"),
  optional: optionalAnswer,
});

export const shortTextStep = z.strictObject({
  ...base,
  kind: z.literal("short_text").describe("A few words typed by the visitor"),
  ...groupable,
  image: questionImage,
  label: text.describe("The field's label"),
  placeholder: text.optional().describe("An example shown in the empty field"),
  maxLength: z.number().int().min(1).max(500).default(200).describe("The most characters accepted"),
  optional: z.boolean().default(false).describe("true: the visitor may leave it empty"),
  cta: text.optional().describe("The button's words; default Continue"),
});

export const infoStep = z.strictObject({
  ...base,
  kind: z.literal("info").describe("A page of text between questions; asks nothing"),
  body: z.array(text).min(1).max(8).describe("Paragraphs, 1–8"),
  image: image.optional().describe("A picture shown with the text"),
  cta: text.optional().describe("The button's words; default Continue"),
  socialProof: socialProof.optional().describe("A line with how many people finished this test in the last 30 days, from our own data"),
});

export const nameStep = z.strictObject({
  ...base,
  kind: z.literal("name").describe("The visitor's first name, used on the report's cover"),
  label: text.describe("The field's label"),
  placeholder: text.optional().describe("An example shown in the empty field"),
  optional: z.boolean().default(false).describe("true: the visitor may leave it empty"),
  cta: text.optional().describe("The button's words; default Continue"),
});

export const emailStep = z.strictObject({
  ...base,
  kind: z.literal("email").describe("The visitor's e-mail address; creates their account. Needed before a payment step"),
  label: text.describe("The field's label"),
  placeholder: text.optional().describe("An example shown in the empty field"),
  consent: text.describe("What the visitor agrees to by continuing (terms, privacy); shown next to the button"),
  marketingConsent: text.optional().describe("The words of an optional, unticked box for marketing e-mail; no box when left out"),
  cta: text.optional().describe("The button's words; default Continue"),
});

export const summaryStep = z.strictObject({
  ...base,
  kind: z.literal("summary").describe("The free teaser of the result, before payment"),
  body: z.array(text).max(6).default([]).describe("Paragraphs above the teaser, up to 6"),
  layout: teaserLayout.default("teaser").describe("How the teaser is laid out (schemas/report/layouts.ts); a variant may change it"),
  scales: z.array(identifier).optional().describe("Scale ids to show in the teaser; all scales when left out"),
  cta: text.optional().describe("The button's words; default Continue"),
});

export const preparingStep = z.strictObject({
  ...base,
  kind: z.literal("preparing").describe("A short wait while the answers are scored"),
  messages: z.array(text).min(1).max(8).describe("Shown one after another while the answers are analysed"),
  minDurationMs: z
    .number()
    .int()
    .min(0)
    .max(30_000)
    .default(4000)
    .describe("The least time the step stays on screen, in milliseconds, even when the analysis is done"),
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
  kind: z.literal("pre_checkout").describe("What the paid report holds and the plans to choose from"),
  body: z.array(text).max(6).default([]).describe("Paragraphs above the list, up to 6"),
  includes: z.array(includeItem).min(1).max(10).describe("What the paid report contains, 1–10 items; each names the report section that delivers it"),
  scalesTitle: text
    .optional()
    .describe(
      "The heading over the visitor's scores at the top of the page (a profile: its top three; levels: every scale with its band); no scores are shown without it",
    ),
  cta: text.optional().describe("The button's words; default Continue"),
});

export const paymentStep = z.strictObject({
  ...base,
  kind: z.literal("payment").describe("The checkout; needs an e-mail step on every way before it"),
  body: z.array(text).max(6).default([]).describe("Paragraphs above the checkout, up to 6"),
});

export const resultStep = z.strictObject({
  ...base,
  kind: z.literal("result").describe("The paid report (locked until paid)"),
  body: z.array(text).max(6).default([]).describe("Paragraphs above the report, up to 6"),
  layout: resultLayout
    .default("document")
    .describe("How the report is laid out (schemas/report/layouts.ts); a variant may change it, ?style=2 shows the alternate view"),
});

export const feedbackStep = z.strictObject({
  ...base,
  kind: z.literal("feedback").describe("A 1–5 rating of the funnel and an optional comment"),
  question: text.describe("The rating question; answered on a 1–5 scale"),
  commentLabel: text.optional().describe('The comment field\'s label; default "Anything you would like to add? (optional)"'),
  cta: text.optional().describe("The button's words; default Send feedback"),
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
