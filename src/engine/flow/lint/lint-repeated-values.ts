import type { Text } from "#schemas/flow/text.ts";
import { indexedSteps, type Finding, type LintInput } from "./lint-input.ts";

/** An answer's name in a message: its label, or its catalogue code. */
const labelOf = (label: Text) => (typeof label === "string" ? label : label.code);

type Valued = { name: string; value: number | undefined };

/**
 * The second and later answers of one list that repeat an earlier one's value, each naming the first.
 * Two answers with one value score the same and cannot be told apart by a condition.
 */
function repeats(answers: Valued[], where: (i: number) => (string | number)[], what: string): Finding[] {
  const first = new Map<number, number>();
  return answers.flatMap(({ name, value }, i): Finding[] => {
    if (value === undefined) return [];
    const earlier = first.get(value);
    if (earlier === undefined) {
      first.set(value, i);
      return [];
    }
    return [
      {
        path: [...where(i), "value"],
        message: (lineOf) => `${what} "${name}" repeats value ${value} of "${answers[earlier]!.name}" (line ${lineOf([...where(earlier), "value"])})`,
        hint: `each ${what} needs its own value`,
      },
    ];
  });
}

/**
 * Options of a single_choice step, and answers of a likert answer set, that repeat a value: the
 * one answer's value is what it scores. A multiple_choice step's values add up, so options that
 * each count 1 (or the same weight) are meant, and are not checked.
 */
export function repeatedValues(input: LintInput): Finding[] {
  const options = indexedSteps(input).flatMap(({ step, index }) =>
    step.kind === "single_choice"
      ? repeats(
          step.options.map((o) => ({ name: o.id, value: o.value })),
          (i) => ["steps", index, "options", i],
          "option",
        )
      : [],
  );
  const sets = Object.entries(input.answerSets ?? {}).flatMap(([set, answers]) =>
    repeats(
      answers.map((a) => ({ name: labelOf(a.label), value: a.value })),
      (i) => ["answerSets", set, i],
      "answer",
    ),
  );
  return [...sets, ...options];
}
