import type { Scale } from "#schemas/flow/scoring.ts";
import type { Step } from "#schemas/flow/steps.ts";
import { indexedSteps, type Finding, type LintInput } from "./lint-input.ts";
import { answerRange } from "../answer-number.ts";
import { onSliderGrid } from "../kinds/slider.ts";

const number = (n: number) => String(Math.round(n * 100) / 100);

/** A slider whose range is empty, or whose starting value it could never show. */
export function sliderProblems(input: LintInput): Finding[] {
  return indexedSteps(input).flatMap(({ step, index }): Finding[] => {
    if (step.kind !== "slider") return [];
    const at = (key: string) => ["steps", index, key];
    if (step.max <= step.min) return [{ path: at("max"), message: `max (${number(step.max)}) must be greater than min (${number(step.min)})` }];
    if (step.initial === undefined) return [];
    if (step.initial < step.min || step.initial > step.max)
      return [
        {
          path: at("initial"),
          message: `initial ${number(step.initial)} is outside the slider's range ${number(step.min)}–${number(step.max)}`,
          hint: `choose a value from ${number(step.min)} to ${number(step.max)}, or leave initial out`,
        },
      ];
    if (!onSliderGrid(step.initial, step.min, step.step))
      return [
        {
          path: at("initial"),
          message: `the slider moves from ${number(step.min)} in steps of ${number(step.step)}, so it can never show initial ${number(step.initial)}`,
        },
      ];
    return [];
  });
}

/** The least and most a scale can score when every item is answered, or null when an item's range is not known. */
function scaleRange(scale: Scale, steps: Map<string, Step>, answerSets: LintInput["answerSets"]): { min: number; max: number } | null {
  const ranges = scale.items.map((item) => {
    const step = steps.get(typeof item === "string" ? item : item.step);
    return step && answerSets ? answerRange(step, answerSets) : null;
  });
  if (ranges.length === 0 || ranges.some((r) => r === null)) return null;
  const sum = (pick: (r: { min: number; max: number }) => number) => ranges.reduce((total, r) => total + pick(r!), 0);
  const divide = scale.method === "mean" ? ranges.length : 1;
  return { min: sum((r) => r.min) / divide, max: sum((r) => r.max) / divide };
}

/** Bands no answers can reach, and scores that fall below the first band. */
export function bandProblems(input: LintInput): Finding[] {
  if (!input.scoring || input.answerSets === null) return [];
  const steps = new Map(indexedSteps(input).map(({ step }) => [step.id, step]));
  return input.scoring.scales.flatMap((scale, si): Finding[] => {
    const range = scale.bands ? scaleRange(scale, steps, input.answerSets) : null;
    if (!scale.bands || !range) return [];
    const bands = scale.bands;
    const at = (bi: number) => ["scoring", "scales", si, "bands", bi, "from"];
    const found: Finding[] = [];
    if (bands[0]!.from > range.min)
      found.push({
        path: at(0),
        message: `scale "${scale.id}" can score as low as ${number(range.min)}, below its first band (from ${number(bands[0]!.from)}): those scores get no band`,
        hint: `start the first band at ${number(range.min)}`,
      });
    bands.forEach((band, bi) => {
      const end = bands[bi + 1]?.from;
      if (band.from > range.max)
        found.push({
          path: at(bi),
          message: `band "${band.id}" starts at ${number(band.from)}, above the highest score scale "${scale.id}" can reach (${number(range.max)})`,
          hint: "lower its from, or remove the band",
        });
      else if (end !== undefined && end <= range.min)
        found.push({
          path: at(bi),
          message: `band "${band.id}" ends at ${number(end)}, at or below the lowest score scale "${scale.id}" can reach (${number(range.min)}): no answers fall in it`,
          hint: "raise the next band's from, or remove the band",
        });
    });
    return found;
  });
}

/** Two variants of one experiment with one id (assignments are stored by id), or two experiments with one id. */
export function experimentIdProblems(input: LintInput): Finding[] {
  const experiments = new Map<string, number>();
  return (input.experiments ?? []).flatMap((experiment, ei): Finding[] => {
    const found: Finding[] = [];
    const earlier = experiments.get(experiment.id);
    if (earlier === undefined) experiments.set(experiment.id, ei);
    else found.push({ path: ["experiments", ei, "id"], message: `experiment id "${experiment.id}" is already used by experiments.${earlier}` });
    const variants = new Map<string, number>();
    experiment.variants.forEach((variant, vi) => {
      const first = variants.get(variant.id);
      if (first === undefined) variants.set(variant.id, vi);
      else
        found.push({
          path: ["experiments", ei, "variants", vi, "id"],
          message: `variant id "${variant.id}" is already used by variants.${first} of this experiment`,
          hint: "each variant needs its own id: visitors are assigned by it",
        });
    });
    return found;
  });
}

/** A question the visitor may skip, in a scale that sums its items: a skip would read as the lowest answer. */
export function optionalInSum(input: LintInput): Finding[] {
  if (!input.scoring) return [];
  const steps = new Map(indexedSteps(input).map(({ step }) => [step.id, step]));
  return input.scoring.scales.flatMap((scale, si) =>
    scale.method !== "sum"
      ? []
      : scale.items.flatMap((item, ii): Finding[] => {
          const id = typeof item === "string" ? item : item.step;
          const step = steps.get(id);
          if (!step || !("optional" in step) || !step.optional || step.kind === "short_text" || step.kind === "name") return [];
          return [
            {
              path: ["scoring", "scales", si, "items", ii],
              message: `step "${id}" may be skipped, and scale "${scale.id}" sums its items: a skipped answer would lower the score`,
              hint: "use method: mean for this scale, or make the step required",
            },
          ];
        }),
  );
}
