import type { StepOf } from "#schemas/flow/steps.ts";
import { holdsValue, isValue, optionValue } from "./condition-values.ts";
import { fail, ok, skipped, spanOf, type KindRules } from "./rules.ts";

type Choice = StepOf<"single_choice"> | StepOf<"multiple_choice">;

/** The options' values when every option has one (then the step scores). */
const values = (step: Choice): number[] | null => {
  const all = step.options.map((o) => o.value);
  return all.every((v): v is number => typeof v === "number") ? all : null;
};
const valueOf = (step: Choice, id: string) => step.options.find((o) => o.id === id)?.value ?? null;
/** The labels of the chosen option ids, in the order the options are written. */
const labelsOf = (step: Choice, ids: string[]) => step.options.filter((o) => ids.includes(o.id)).map((o) => o.label);

/** One answer from a list: its option id. */
export const singleChoice: KindRules<"single_choice"> = {
  question: true,
  progress: true,
  terminal: false,
  passesByItself: false,
  conditions: { operators: ["equals", "in", "answered"], value: optionValue, matches: isValue },
  check: (step, value) =>
    skipped(step, value) ??
    (typeof value !== "string"
      ? fail("choose one option: send its id as a string")
      : step.options.some((o) => o.id === value)
        ? ok(value)
        : fail(`"${value.slice(0, 64)}" is not an option of step ${step.id}`)),
  scorable: (step) => values(step) !== null,
  range: (step) => {
    const all = values(step);
    return all ? spanOf(all) : null;
  },
  reversible: true,
  number: (step, answer) => (typeof answer === "string" ? valueOf(step, answer) : null),
  words: (step, answer) => (typeof answer === "string" ? labelsOf(step, [answer]) : []),
  samples: (step) => [...step.options.map((o) => o.id), ...(step.optional ? [null] : [])],
};

/** Any number of answers from a list, between min and max: their option ids. The values add up. */
export const multipleChoice: KindRules<"multiple_choice"> = {
  question: true,
  progress: true,
  terminal: false,
  passesByItself: false,
  conditions: { operators: ["equals", "in", "answered"], value: optionValue, matches: holdsValue },
  check: (step, value) => {
    if (!Array.isArray(value) || !value.every((v): v is string => typeof v === "string")) return fail("send the chosen option ids as an array of strings");
    const unknown = value.find((id) => !step.options.some((o) => o.id === id));
    if (unknown !== undefined) return fail(`"${unknown.slice(0, 64)}" is not an option of step ${step.id}`);
    if (new Set(value).size !== value.length) return fail("each option can be chosen once");
    const max = step.max ?? step.options.length;
    if (value.length < step.min) return fail(`choose at least ${step.min} option${step.min === 1 ? "" : "s"}`);
    if (value.length > max) return fail(`choose at most ${max} option${max === 1 ? "" : "s"}`);
    return ok(value);
  },
  scorable: (step) => values(step) !== null,
  range: (step) => {
    const all = values(step);
    return all ? { min: all.filter((v) => v < 0).reduce((a, b) => a + b, 0), max: all.filter((v) => v > 0).reduce((a, b) => a + b, 0) } : null;
  },
  reversible: false,
  number: (step, answer) => (Array.isArray(answer) ? answer.reduce((sum, id) => sum + (valueOf(step, id) ?? 0), 0) : null),
  words: (step, answer) => (Array.isArray(answer) ? labelsOf(step, answer) : []),
  samples: (step) => [step.options.slice(0, Math.max(1, step.min)).map((o) => o.id), step.options.slice(0, step.max ?? step.options.length).map((o) => o.id)],
};
