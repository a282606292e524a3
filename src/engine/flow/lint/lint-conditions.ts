import type { Condition } from "#schemas/flow/condition.ts";
import type { Step } from "#schemas/flow/steps.ts";
import { didYouMean, knownHint } from "#engine/yaml/did-you-mean.ts";
import { indexedSteps, knownIds, type Finding, type LintInput } from "./lint-input.ts";
import { rulesOf } from "../kinds/index.ts";
import type { StepOperator } from "../kinds/rules.ts";

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

/**
 * A condition naming a step: the step exists, its kind accepts the operator, and every compared
 * value can be its answer (the kind's record says how: src/engine/flow/kinds/rules.ts).
 */
function stepCondition(ctx: Context, operator: StepOperator, id: string, values: { value: string | number; path: Path }[], path: Path): Finding[] {
  const unknown = stepReference(ctx, id, [...path, operator === "answered" ? "answered" : "step"]);
  const step = ctx.steps.get(id);
  if (unknown.length > 0 || !step) return unknown;
  const { operators, value: check } = rulesOf(step).conditions;
  if (!operators.includes(operator))
    return [
      {
        path: [...path, operator],
        message: `a condition cannot use ${operator} on step "${id}" (${step.kind})`,
        hint: operators.length === 0 ? `a ${step.kind} step asks nothing, so no condition can read it` : `on a ${step.kind} step use ${operators.join(" or ")}`,
      },
    ];
  return values.flatMap(({ value, path }) => {
    const problem = check(step, value, ctx.answerSets ?? {});
    return problem ? [{ path, message: problem.message, hint: problem.hint }] : [];
  });
}

function checkCondition(ctx: Context, c: Condition, path: Path): Finding[] {
  if ("equals" in c) return stepCondition(ctx, "equals", c.equals.step, [{ value: c.equals.value, path: [...path, "equals", "value"] }], path);
  if ("in" in c)
    return stepCondition(
      ctx,
      "in",
      c.in.step,
      c.in.values.map((value, i) => ({ value, path: [...path, "in", "values", i] })),
      path,
    );
  if ("answered" in c) return stepCondition(ctx, "answered", c.answered, [], path);
  if ("score" in c) {
    const { scale } = c.score;
    if (ctx.scales === null || ctx.scales.includes(scale)) return [];
    return [
      {
        path: [...path, "score", "scale"],
        message: `unknown scale "${scale}"`,
        hint: knownHint(scale, ctx.scales, "its scales are") ?? "declare it under scoring.scales",
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
        hint: knownHint(experiment, ids, "experiments") ?? "declare it under experiments",
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

/** Conditions (a branch's `if`, a step event's `when`) naming steps, options, scales, experiments or variants that do not exist. */
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
  return indexedSteps(input).flatMap(({ step, index }) => [
    ...(Array.isArray(step.next) ? step.next.flatMap((b, i) => (b.if ? checkCondition(ctx, b.if, ["steps", index, "next", i, "if"]) : [])) : []),
    ...(step.events ?? []).flatMap((e, i) => (e.when ? checkCondition(ctx, e.when, ["steps", index, "events", i, "when"]) : [])),
  ]);
}
