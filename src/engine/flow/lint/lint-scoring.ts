import type { Step } from "#schemas/flow/steps.ts";
import { answerRange } from "../answer-number.ts";
import { didYouMean } from "#engine/yaml/did-you-mean.ts";
import { numberKinds, reversibleKinds, rulesOf } from "../kinds/index.ts";
import { indexedSteps, knownIds, type Finding, type LintInput } from "./lint-input.ts";

/** Whether a step's answer is a number a scale can add. */
const givesNumber = (step: Step): boolean => rulesOf(step).scorable(step);

/** Scale items naming unknown steps or steps without a number; `reverse` without a known range; scale ids used twice. */
export function scoringProblems(input: LintInput): Finding[] {
  if (!input.scoring) return [];
  const ids = knownIds(input);
  const steps = new Map(indexedSteps(input).map(({ step }) => [step.id, step]));
  const seen = new Set<string>();
  return input.scoring.scales.flatMap((scale, si) => {
    const base = ["scoring", "scales", si];
    const found: Finding[] = seen.has(scale.id) ? [{ path: [...base, "id"], message: `scale id "${scale.id}" is already used` }] : [];
    seen.add(scale.id);
    for (const [ii, item] of scale.items.entries()) {
      const { id, reverse, path } =
        typeof item === "string"
          ? { id: item, reverse: false, path: [...base, "items", ii] }
          : { id: item.step, reverse: item.reverse, path: [...base, "items", ii, "step"] };
      const step = steps.get(id);
      if (!ids.has(id)) found.push({ path, message: `unknown step "${id}" in scale "${scale.id}"`, hint: didYouMean(id, ids) });
      else if (step && !givesNumber(step))
        found.push({
          path,
          message: `step "${id}" (${step.kind}) gives no number to score`,
          hint: `score a ${numberKinds.join(", ")} step (a choice only when every option has a value)`,
        });
      else if (
        step &&
        reverse &&
        input.answerSets !== null &&
        !(rulesOf(step).reversible && answerRange(step, input.answerSets)) &&
        !(step.kind === "likert" && !(step.answers in input.answerSets))
      )
        found.push({
          path: [...base, "items", ii, "reverse"],
          message: `cannot reverse step "${id}": the range of its answers is not known`,
          hint: `reverse works on ${reversibleKinds.join(", ")} steps with values`,
        });
    }
    return found;
  });
}
