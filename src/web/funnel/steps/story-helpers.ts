/**
 * Small typed builders for the step stories: one step wrapped in a tiny CompiledFlow, built through
 * the flow schema (so defaults such as `layout: list` or `min: 1` are the real ones).
 */
import type { z } from "zod";
import type { step as stepSchema, StepKind } from "#schemas/flow/steps.ts";
import type { FlowInput } from "#schemas/flow/flow.ts";
import { isQuestion } from "#engine/flow/kinds/index.ts";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";
import type { FlowStepPreviewProps } from "../FlowStepPreview.tsx";

/** A step as written in a flow file (defaults may be left out). */
export type StepInput<K extends StepKind = StepKind> = Extract<z.input<typeof stepSchema>, { kind: K }>;

/** The five-point agreement scale most of our questionnaires use. */
const agree5 = [
  { value: 1, label: "Strongly disagree" },
  { value: 2, label: "Disagree" },
  { value: 3, label: "Neither agree nor disagree" },
  { value: 4, label: "Agree" },
  { value: 5, label: "Strongly agree" },
];

type StoryFlowOptions = {
  answerSets?: FlowInput["answerSets"];
  scoring?: FlowInput["scoring"];
  /** Steps before this one (e.g. scored items). */
  before?: FlowInput["steps"];
  /**
   * Where the step sits among the flow's counted steps: `done` answered before it, `total` in all.
   * A question then reads "Question done+1 of total". Questions and info steps default to 3 of 12
   * done; other steps get no extra steps. Made with steps that only count for progress.
   */
  progress?: { done: number; total: number };
};

/** Steps that only move the progress bar: the questions answered before and after the one shown. */
const fillers = (count: number, prefix: string): FlowInput["steps"] =>
  Array.from({ length: Math.max(0, count) }, (_, i) => ({
    id: `${prefix}${i + 1}`,
    kind: "info" as const,
    title: "Another question",
    body: ["Counted for progress only."],
    progress: true,
  }));

/** A CompiledFlow around one step (plus `before`), ready for `FlowStepPreview`. */
function storyFlow(step: StepInput, options: StoryFlowOptions = {}): CompiledFlow {
  const counted = isQuestion(step) ? 1 : 0;
  const { done, total } = options.progress ?? (counted || step.kind === "info" ? { done: 3, total: 12 } : { done: 0, total: counted });
  return compiledForTest({
    code: "story_flow",
    topic: "career",
    title: "Step story",
    version: 1,
    paths: { start: "/story" },
    report: "story_report",
    answerSets: options.answerSets ?? { agree5 },
    steps: [...(options.before ?? []), ...fillers(done, "earlier_"), step, ...fillers(total - done - counted, "later_")],
    ...(options.scoring ? { scoring: options.scoring } : {}),
  });
}

/** The args a step story needs: the flow around the step, and which step to show. */
export function stepArgs(step: StepInput, options?: StoryFlowOptions): Pick<FlowStepPreviewProps, "flow" | "stepId"> {
  return { flow: storyFlow(step, options), stepId: step.id };
}

/* ---------- a scored profile for summary, pre-checkout and result steps ---------- */

const AREAS = [
  { id: "realistic", name: "Realistic", description: "Hands-on work with tools, machines, plants or animals, with visible results.", answers: [2, 3] },
  { id: "investigative", name: "Investigative", description: "Finding things out by observing, analysing and solving problems.", answers: [5, 4] },
  { id: "artistic", name: "Artistic", description: "Creating, designing, writing and performing.", answers: [4, 4] },
  { id: "social", name: "Social", description: "Teaching, helping, caring for and guiding other people.", answers: [4, 3] },
  { id: "enterprising", name: "Enterprising", description: "Persuading, leading, selling and starting things.", answers: [3, 3] },
  { id: "conventional", name: "Conventional", description: "Organising information and keeping records accurate.", answers: [1, 2] },
] as const;

const ITEMS = ["a", "b"] as const;

/** Six interest areas with two likert items each, and answers that rank them clearly. */
export const profile = {
  answerSets: { agree5 },
  before: AREAS.flatMap((area) =>
    ITEMS.map((item) => ({ id: `${area.id}_${item}`, kind: "likert" as const, answers: "agree5", title: `I would enjoy ${area.name.toLowerCase()} work` })),
  ),
  scoring: {
    interpretation: "profile" as const,
    scales: AREAS.map((area) => ({ id: area.id, name: area.name, description: area.description, items: ITEMS.map((item) => `${area.id}_${item}`) })),
  },
};

/** The answers behind `profile`: Investigative 88 %, Artistic 75 %, Social 63 %, Enterprising 50 %, Realistic 38 %, Conventional 13 %. */
export const profileAnswers: Answers = Object.fromEntries(AREAS.flatMap((area) => ITEMS.map((item, i) => [`${area.id}_${item}`, area.answers[i]!])));

/** Nothing answered yet: every item of `profile` left empty. */
export const noAnswers: Answers = Object.fromEntries(Object.keys(profileAnswers).map((id) => [id, null]));
