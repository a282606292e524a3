import { isValue, numberValue } from "./condition-values.ts";
import { fail, ok, skipped, type KindRules } from "./rules.ts";

/** Whether `value` is one of the positions a slider can stop at. */
export const onSliderGrid = (value: number, min: number, step: number) => Math.abs((value - min) / step - Math.round((value - min) / step)) < 1e-9;

/** A number on a range: min plus a whole number of steps. */
export const slider: KindRules<"slider"> = {
  question: true,
  progress: true,
  terminal: false,
  passesByItself: false,
  conditions: {
    operators: ["equals", "in", "answered"],
    value: (step, value) =>
      numberValue(step, value, `it moves from ${step.min} to ${step.max} in steps of ${step.step}`, (n) =>
        n < step.min || n > step.max || !onSliderGrid(n, step.min, step.step) ? `the slider of step "${step.id}" can never be ${n}` : null,
      ),
    matches: isValue,
  },
  check: (step, value) => {
    const skip = skipped(step, value);
    if (skip) return skip;
    if (typeof value !== "number" || !Number.isFinite(value)) return fail("send a number");
    if (value < step.min || value > step.max) return fail(`must be between ${step.min} and ${step.max}`);
    if (!onSliderGrid(value, step.min, step.step)) return fail(`must be ${step.min} plus a multiple of ${step.step}`);
    return ok(value);
  },
  scorable: () => true,
  range: (step) => ({ min: step.min, max: step.max }),
  reversible: true,
  number: (_step, answer) => (typeof answer === "number" ? answer : null),
  // A unit from the catalogue ({ code }) is left out: the number still reads.
  words: (step, answer) => (typeof answer === "number" ? [typeof step.unit === "string" ? `${answer} ${step.unit}` : `${answer}`] : []),
  samples: (step) => [step.min, step.max, ...(step.optional ? [null] : [])],
};
