import type { StepOf } from "../../../schemas/flow/steps.ts";
import type { Answer, CompiledFlow } from "./types.ts";

type CompiledStep = CompiledFlow["steps"][number];

/** The numeric range a step's answer can take, or null when the step gives no number. */
export function answerRange(flow: CompiledFlow, step: CompiledStep): { min: number; max: number } | null {
  switch (step.kind) {
    case "likert": {
      const values = (flow.answerSets[step.answers] ?? []).map((o) => o.value);
      return values.length ? { min: Math.min(...values), max: Math.max(...values) } : null;
    }
    case "slider":
      return { min: step.min, max: step.max };
    case "single_choice": {
      const values = optionValues(step);
      return values ? { min: Math.min(...values), max: Math.max(...values) } : null;
    }
    case "multiple_choice": {
      const values = optionValues(step);
      if (!values) return null;
      return { min: values.filter((v) => v < 0).reduce((a, b) => a + b, 0), max: values.filter((v) => v > 0).reduce((a, b) => a + b, 0) };
    }
    default:
      return null;
  }
}

function optionValues(step: StepOf<"single_choice"> | StepOf<"multiple_choice">): number[] | null {
  const values = step.options.map((o) => o.value);
  return values.every((v): v is number => typeof v === "number") ? values : null;
}

/** The number an answer gives its scales, or null when unanswered or not numeric. */
export function answerNumber(step: CompiledStep, answer: Answer | undefined): number | null {
  if (answer === undefined || answer === null) return null;
  switch (step.kind) {
    case "likert":
    case "slider":
      return typeof answer === "number" ? answer : null;
    case "single_choice":
      return typeof answer === "string" ? (step.options.find((o) => o.id === answer)?.value ?? null) : null;
    case "multiple_choice":
      return Array.isArray(answer) ? answer.reduce((sum, id) => sum + (step.options.find((o) => o.id === id)?.value ?? 0), 0) : null;
    default:
      return null;
  }
}
