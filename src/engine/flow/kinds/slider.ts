import { fail, ok, skipped, type KindRules } from "./rules.ts";

/** A number on a range: min plus a whole number of steps. */
export const slider: KindRules<"slider"> = {
  check: (step, value) => {
    const skip = skipped(step, value);
    if (skip) return skip;
    if (typeof value !== "number" || !Number.isFinite(value)) return fail("send a number");
    if (value < step.min || value > step.max) return fail(`must be between ${step.min} and ${step.max}`);
    const steps = (value - step.min) / step.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return fail(`must be ${step.min} plus a multiple of ${step.step}`);
    return ok(value);
  },
  scorable: () => true,
  range: (step) => ({ min: step.min, max: step.max }),
  reversible: true,
  number: (_step, answer) => (typeof answer === "number" ? answer : null),
  samples: (step) => [step.min, step.max, ...(step.optional ? [null] : [])],
};
