import type { Condition } from "../../../schemas/flow/condition.ts";
import type { Step } from "../../../schemas/flow/steps.ts";
import { didYouMean } from "./did-you-mean.ts";
import { indexedSteps, knownIds, type Finding, type LintInput } from "./lint-input.ts";
import { onSliderGrid } from "./lint-values.ts";

type Path = (string | number)[];
type Context = {
  ids: Set<string>;
  steps: Map<string, Step>;
  scales: string[] | null;
  answerSets: LintInput["answerSets"];
  experiments: LintInput["experiments"];
};

function stepReference(ctx: Context, id: string, path: Path): Finding[] {
  return ctx.ids.has(id) ? [] : [{ path, message: `unknown step "${id}" in condition`, hint: didYouMean(id, ctx.ids) }];
}

/** equals/in on a likert or slider step must give numbers its answers can be. */
function numberValues(
  step: Extract<Step, { kind: "likert" | "slider" }>,
  values: { value: string | number; path: Path }[],
  answerSets: Context["answerSets"],
): Finding[] {
  const allowed = step.kind === "likert" ? answerSets?.[step.answers]?.map((a) => a.value) : undefined;
  if (step.kind === "likert" && !allowed) return [];
  const answers = allowed
    ? `values: ${allowed.join(", ")}`
    : step.kind === "slider"
      ? `it moves from ${step.min} to ${step.max} in steps of ${step.step}`
      : undefined;
  const never = (path: Path, what: string): Finding => ({ path, message: `${what}, so this never matches`, hint: answers });
  return values.flatMap(({ value, path }): Finding[] => {
    if (typeof value === "string") {
      const numeric = value.trim() !== "" && Number.isFinite(Number(value));
      const finding = never(path, `${JSON.stringify(value)} is text, but step "${step.id}" (${step.kind}) answers with a number`);
      return [numeric ? { ...finding, hint: `write ${value.trim()} without quotes` } : finding];
    }
    if (allowed && !allowed.includes(value)) return [never(path, `${value} is not an answer of step "${step.id}"`)];
    if (step.kind === "slider" && (value < step.min || value > step.max || !onSliderGrid(value, step.min, step.step)))
      return [never(path, `the slider of step "${step.id}" can never be ${value}`)];
    return [];
  });
}

/** equals/in on a choice step must name its options; on a likert or slider step, numbers it can answer. */
function optionValues(ctx: Context, id: string, values: { value: string | number; path: Path }[]): Finding[] {
  const step = ctx.steps.get(id);
  if (step?.kind === "likert" || step?.kind === "slider") return numberValues(step, values, ctx.answerSets);
  if (step?.kind !== "single_choice" && step?.kind !== "multiple_choice") return [];
  const options = step.options.map((o) => o.id);
  return values.flatMap(({ value, path }) =>
    typeof value === "string" && options.includes(value)
      ? []
      : [
          {
            path,
            message: `${JSON.stringify(value)} is not an option of step "${id}"`,
            hint: (typeof value === "string" ? didYouMean(value, options) : undefined) ?? `options: ${options.join(", ")}`,
          },
        ],
  );
}

function checkCondition(ctx: Context, c: Condition, path: Path): Finding[] {
  if ("equals" in c) {
    const p = [...path, "equals"];
    const unknown = stepReference(ctx, c.equals.step, [...p, "step"]);
    return unknown.length > 0 ? unknown : optionValues(ctx, c.equals.step, [{ value: c.equals.value, path: [...p, "value"] }]);
  }
  if ("in" in c) {
    const p = [...path, "in"];
    const unknown = stepReference(ctx, c.in.step, [...p, "step"]);
    return unknown.length > 0
      ? unknown
      : optionValues(
          ctx,
          c.in.step,
          c.in.values.map((value, i) => ({ value, path: [...p, "values", i] })),
        );
  }
  if ("answered" in c) return stepReference(ctx, c.answered, [...path, "answered"]);
  if ("score" in c) {
    const { scale } = c.score;
    if (ctx.scales === null || ctx.scales.includes(scale)) return [];
    return [
      {
        path: [...path, "score", "scale"],
        message: `unknown scale "${scale}"`,
        hint: didYouMean(scale, ctx.scales) ?? (ctx.scales.length === 0 ? "declare it under scoring.scales" : undefined),
      },
    ];
  }
  if ("variant" in c) return variantReference(ctx, c.variant, [...path, "variant"]);
  if ("not" in c) return checkCondition(ctx, c.not, [...path, "not"]);
  if ("all" in c) return c.all.flatMap((x, i) => checkCondition(ctx, x, [...path, "all", i]));
  return c.any.flatMap((x, i) => checkCondition(ctx, x, [...path, "any", i]));
}

/** A variant condition must name an experiment of the flow and one of its variants. */
function variantReference(ctx: Context, { experiment, is }: { experiment: string; is: string }, path: Path): Finding[] {
  if (ctx.experiments === null) return [];
  const found = ctx.experiments.find((e) => e.id === experiment);
  if (!found) {
    const ids = ctx.experiments.map((e) => e.id);
    return [
      {
        path: [...path, "experiment"],
        message: `unknown experiment "${experiment}" in condition`,
        hint: didYouMean(experiment, ids) ?? (ids.length === 0 ? "declare it under experiments" : `experiments: ${ids.join(", ")}`),
      },
    ];
  }
  const variants = found.variants.map((v) => v.id);
  return variants.includes(is)
    ? []
    : [
        {
          path: [...path, "is"],
          message: `experiment "${experiment}" has no variant "${is}"`,
          hint: `variants: ${variants.join(", ")}`,
        },
      ];
}

/** Conditions naming steps, options, scales, experiments or variants that do not exist. */
export function conditionProblems(input: LintInput): Finding[] {
  const steps = new Map<string, Step>();
  for (const { step } of indexedSteps(input)) if (!steps.has(step.id)) steps.set(step.id, step);
  const ctx: Context = {
    ids: knownIds(input),
    steps,
    scales: input.scoring === null ? null : (input.scoring?.scales ?? []).map((s) => s.id),
    answerSets: input.answerSets,
    experiments: input.experiments,
  };
  return indexedSteps(input).flatMap(({ step, index }) =>
    Array.isArray(step.next) ? step.next.flatMap((b, i) => (b.if ? checkCondition(ctx, b.if, ["steps", index, "next", i, "if"]) : [])) : [],
  );
}
