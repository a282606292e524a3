import type { Condition } from "../../../schemas/flow/condition.ts";
import type { Step } from "../../../schemas/flow/steps.ts";
import { didYouMean } from "./did-you-mean.ts";
import { indexedSteps, knownIds, type Finding, type LintInput } from "./lint-input.ts";

type Path = (string | number)[];
type Context = { ids: Set<string>; steps: Map<string, Step>; scales: string[] | null };

function stepReference(ctx: Context, id: string, path: Path): Finding[] {
  return ctx.ids.has(id) ? [] : [{ path, message: `unknown step "${id}" in condition`, hint: didYouMean(id, ctx.ids) }];
}

/** equals/in on a choice step must name its options. */
function optionValues(ctx: Context, id: string, values: { value: string | number; path: Path }[]): Finding[] {
  const step = ctx.steps.get(id);
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
  if ("not" in c) return checkCondition(ctx, c.not, [...path, "not"]);
  if ("all" in c) return c.all.flatMap((x, i) => checkCondition(ctx, x, [...path, "all", i]));
  return c.any.flatMap((x, i) => checkCondition(ctx, x, [...path, "any", i]));
}

/** Conditions naming steps, options or scales that do not exist. */
export function conditionProblems(input: LintInput): Finding[] {
  const steps = new Map<string, Step>();
  for (const { step } of indexedSteps(input)) if (!steps.has(step.id)) steps.set(step.id, step);
  const ctx: Context = { ids: knownIds(input), steps, scales: input.scoring === null ? null : (input.scoring?.scales ?? []).map((s) => s.id) };
  return indexedSteps(input).flatMap(({ step, index }) =>
    Array.isArray(step.next) ? step.next.flatMap((b, i) => (b.if ? checkCondition(ctx, b.if, ["steps", index, "next", i, "if"]) : [])) : [],
  );
}
