import type { Answer, CompiledFlow } from "./types.ts";

/**
 * Answers that exercise a step: every option of a choice, both ends of a scale, one text.
 * Used to walk every path of a flow in tests (xstate/graph) and to preview steps in Storybook.
 */
export function sampleAnswers(flow: CompiledFlow, step: CompiledFlow["steps"][number]): Answer[] {
  const answers = sampleOf(flow, step);
  // A question the visitor may skip is walked skipped too.
  return "optional" in step && step.optional && (step.kind === "single_choice" || step.kind === "likert" || step.kind === "slider")
    ? [...answers, null]
    : answers;
}

function sampleOf(flow: CompiledFlow, step: CompiledFlow["steps"][number]): Answer[] {
  switch (step.kind) {
    case "single_choice":
      return step.options.map((o) => o.id);
    case "multiple_choice":
      return [step.options.slice(0, Math.max(1, step.min)).map((o) => o.id), step.options.slice(0, step.max ?? step.options.length).map((o) => o.id)];
    case "likert": {
      const values = (flow.answerSets[step.answers] ?? []).map((o) => o.value);
      return values.length ? [Math.min(...values), Math.max(...values)] : [];
    }
    case "slider":
      return [step.min, step.max];
    case "short_text":
      return ["I would like to work with people and ideas."];
    case "name":
      return ["Alex"];
    case "email":
      return ["alex@example.com"];
    case "pre_checkout":
      return ["report_monthly"];
    case "feedback":
      return [{ rating: 5, comment: "Clear and useful." }];
    default:
      return [null];
  }
}
