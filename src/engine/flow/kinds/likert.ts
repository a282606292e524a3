import { isValue, numberValue } from "./condition-values.ts";
import { fail, ok, skipped, spanOf, type KindRules } from "./rules.ts";

/** One statement rated on a named answer set: the chosen answer's value. */
export const likert: KindRules<"likert"> = {
  question: true,
  progress: true,
  terminal: false,
  passesByItself: false,
  conditions: {
    operators: ["equals", "in", "answered"],
    value: (step, value, answerSets) => {
      const allowed = answerSets[step.answers]?.map((a) => a.value);
      // An unknown answer set is reported by lint-references.ts.
      if (!allowed) return null;
      return numberValue(step, value, `values: ${allowed.join(", ")}`, (n) => (allowed.includes(n) ? null : `${n} is not an answer of step "${step.id}"`));
    },
    matches: isValue,
  },
  check: (step, value, answerSets) => {
    const allowed = (answerSets[step.answers] ?? []).map((o) => o.value);
    return skipped(step, value) ?? (typeof value === "number" && allowed.includes(value) ? ok(value) : fail(`choose one of ${allowed.join(", ")}`));
  },
  scorable: () => true,
  range: (step, answerSets) => spanOf((answerSets[step.answers] ?? []).map((o) => o.value)),
  reversible: true,
  number: (_step, answer) => (typeof answer === "number" ? answer : null),
  words: (step, answer, answerSets) => (answerSets[step.answers] ?? []).filter((o) => o.value === answer).map((o) => o.label),
  samples: (step, answerSets) => {
    const ends = spanOf((answerSets[step.answers] ?? []).map((o) => o.value));
    return [...(ends ? [ends.min, ends.max] : []), ...(step.optional ? [null] : [])];
  },
};
