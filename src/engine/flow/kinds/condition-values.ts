import type { Answer } from "../types.ts";
import { didYouMean } from "#engine/yaml/did-you-mean.ts";
import type { ConditionValue, ValueProblem } from "./rules.ts";

/** A value a choice step's answer can be: one of its option ids. */
export function optionValue(step: { id: string; options: { id: string }[] }, value: ConditionValue): ValueProblem | null {
  const options = step.options.map((o) => o.id);
  if (typeof value === "string" && options.includes(value)) return null;
  return {
    message: `${JSON.stringify(value)} is not an option of step "${step.id}"`,
    hint: (typeof value === "string" ? didYouMean(value, options) : undefined) ?? `options: ${options.join(", ")}`,
  };
}

/**
 * A value a numeric step's answer can be: a number (not text) for which `never` says nothing;
 * `answers` describes what the step answers, for the hint.
 */
export function numberValue(
  step: { id: string; kind: string },
  value: ConditionValue,
  answers: string,
  never: (n: number) => string | null,
): ValueProblem | null {
  const problem = (what: string, hint: string = answers): ValueProblem => ({ message: `${what}, so this never matches`, hint });
  if (typeof value === "number") {
    const what = never(value);
    return what === null ? null : problem(what);
  }
  const numeric = value.trim() !== "" && Number.isFinite(Number(value));
  return problem(
    `${JSON.stringify(value)} is text, but step "${step.id}" (${step.kind}) answers with a number`,
    numeric ? `write ${value.trim()} without quotes` : answers,
  );
}

/** The answer is the value. */
export const isValue = (answer: Answer, value: ConditionValue) => answer === value;
/** The answers (option ids) hold the value. */
export const holdsValue = (answer: Answer, value: ConditionValue) => Array.isArray(answer) && answer.includes(String(value));
