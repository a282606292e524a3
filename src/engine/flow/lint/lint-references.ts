import type { Next } from "#schemas/flow/condition.ts";
import type { StepCopy } from "#schemas/flow/experiments.ts";
import type { Step } from "#schemas/flow/steps.ts";
import { resultLayouts, teaserLayouts } from "#schemas/report/layouts.ts";
import { didYouMean, knownHint } from "#engine/yaml/did-you-mean.ts";
import { indexedSteps, knownIds, type Finding, type LintInput } from "./lint-input.ts";
import { fieldsOf } from "./lint-step-shape.ts";

/** The step ids a `next` can lead to, each with the YAML path of where it is written. */
export const nextTargets = (next: Next | undefined, base: (string | number)[]) =>
  next === undefined
    ? []
    : typeof next === "string"
      ? [{ to: next, path: [...base, "next"] }]
      : next.map((b, i) => ({ to: b.to, path: [...base, "next", i, "to"] }));

/** Two steps with one id. */
export function duplicateStepIds(input: LintInput): Finding[] {
  const first = new Map<string, number>();
  return input.ids.flatMap((id, index) => {
    if (id === undefined) return [];
    const earlier = first.get(id);
    if (earlier === undefined) {
      first.set(id, index);
      return [];
    }
    return [{ path: ["steps", index, "id"], message: `step id "${id}" is already used by steps.${earlier}`, hint: "each step needs its own id" }];
  });
}

/** `next` naming a step that does not exist; branch lists whose fallback is not last. */
export function nextProblems(input: LintInput): Finding[] {
  const ids = knownIds(input);
  return indexedSteps(input).flatMap(({ step, index }) => {
    const base = ["steps", index];
    const unknown = nextTargets(step.next, base)
      .filter((t) => !ids.has(t.to))
      .map((t) => ({ path: t.path, message: `unknown step "${t.to}" in next`, hint: didYouMean(t.to, ids) }));
    const branches = Array.isArray(step.next) ? step.next : [];
    const order = branches.flatMap((b, i): Finding[] => {
      const last = i === branches.length - 1;
      if (!last && b.if === undefined)
        return [
          {
            path: [...base, "next", i],
            message: "only the last branch may leave out `if`: the branches after it are never tried",
            hint: "move this branch to the end",
          },
        ];
      if (last && b.if !== undefined)
        return [
          {
            path: [...base, "next", i, "if"],
            message: "the last branch must have no `if`: it is where the step goes when no condition holds",
            hint: "add a final `- to: <step>`",
          },
        ];
      return [];
    });
    return [...unknown, ...order];
  });
}

/** Option ids used twice in one step; multiple_choice min/max that no answer can satisfy. */
export function optionProblems(input: LintInput): Finding[] {
  return indexedSteps(input).flatMap(({ step, index }): Finding[] => {
    if (step.kind !== "single_choice" && step.kind !== "multiple_choice") return [];
    const seen = new Map<string, number>();
    const found: Finding[] = step.options.flatMap((o, i) => {
      const earlier = seen.get(o.id);
      if (earlier === undefined) seen.set(o.id, i);
      return earlier === undefined
        ? []
        : [{ path: ["steps", index, "options", i, "id"], message: `option id "${o.id}" is already used by options.${earlier} of this step` }];
    });
    if (step.kind === "multiple_choice") {
      const count = step.options.length;
      if (step.max !== undefined && step.min > step.max)
        found.push({ path: ["steps", index, "min"], message: `min (${step.min}) is greater than max (${step.max})` });
      if (step.max !== undefined && step.max > count)
        found.push({ path: ["steps", index, "max"], message: `max (${step.max}) is more than the ${count} options` });
      if (step.min > count) found.push({ path: ["steps", index, "min"], message: `min (${step.min}) is more than the ${count} options` });
    }
    return found;
  });
}

/** Likert answer sets, summary scales and experiment steps that are not declared. */
export function namedReferences(input: LintInput): Finding[] {
  const ids = knownIds(input);
  const sets = input.answerSets;
  const scales = input.scoring === null ? null : (input.scoring?.scales ?? []).map((s) => s.id);
  const stepFindings = indexedSteps(input).flatMap(({ step, index }): Finding[] => {
    if (step.kind === "likert" && sets !== null && !(step.answers in sets)) {
      const known = Object.keys(sets);
      return [
        {
          path: ["steps", index, "answers"],
          message: `unknown answer set "${step.answers}"`,
          hint: knownHint(step.answers, known, "declared") ?? "declare it under answerSets",
        },
      ];
    }
    if (step.kind === "summary" && scales !== null) {
      return (step.scales ?? []).flatMap((id, i) =>
        scales.includes(id)
          ? []
          : [
              {
                path: ["steps", index, "scales", i],
                message: `unknown scale "${id}"`,
                hint: knownHint(id, scales, "its scales are") ?? "declare it under scoring.scales",
              },
            ],
      );
    }
    return [];
  });
  const experimentFindings = (input.experiments ?? []).flatMap((e, ei) =>
    e.variants.flatMap((v, vi) => [
      ...Object.keys(v.paths ?? {}).flatMap((id) => unknownVariantStep(ids, id, ["experiments", ei, "variants", vi, "paths", id], "paths")),
      ...Object.entries(v.steps ?? {}).flatMap(([id, copy]) => {
        const where = ["experiments", ei, "variants", vi, "steps", id];
        if (!ids.has(id)) return unknownVariantStep(ids, id, where, "steps");
        const step = input.steps.find((s) => s?.id === id);
        return step ? copyProblems(step, copy, where) : [];
      }),
      ...Object.entries(v.layouts ?? {}).flatMap(([id, layout]): Finding[] => {
        const where = ["experiments", ei, "variants", vi, "layouts", id];
        if (!ids.has(id)) return unknownVariantStep(ids, id, where, "layouts");
        const step = input.steps.find((s) => s?.id === id);
        if (!step) return [];
        const fits = layoutsOf(step.kind);
        if (fits === null) {
          return [
            { path: where, at: "key", message: `step "${id}" is a ${step.kind} step and shows no report`, hint: "only summary and result steps have a layout" },
          ];
        }
        return fits.includes(layout)
          ? []
          : [
              {
                path: where,
                message: `a ${step.kind} step cannot use the layout "${layout}"`,
                hint: didYouMean(layout, fits) ?? `use one of ${fits.join(", ")}`,
              },
            ];
      }),
    ]),
  );
  return [...stepFindings, ...experimentFindings];
}

/** A variant's copy may only change fields the step has, and show only the step's own options, once each. */
function copyProblems(step: Step, copy: StepCopy, where: (string | number)[]): Finding[] {
  const fields = fieldsOf(step.kind);
  const found: Finding[] = Object.keys(copy)
    .filter((key) => !fields.includes(key))
    .map((key) => ({ path: [...where, key], at: "key" as const, message: `a ${step.kind} step has no ${key} for a variant to change` }));
  if (!copy.options || !("options" in step)) return found;
  const own = step.options.map((o) => o.id);
  const seen = new Set<string>();
  copy.options.forEach((o, i) => {
    const path = [...where, "options", i, "id"];
    if (!own.includes(o.id))
      found.push({ path, message: `"${o.id}" is not an option of step "${step.id}"`, hint: didYouMean(o.id, own) ?? `options: ${own.join(", ")}` });
    else if (seen.has(o.id)) found.push({ path, message: `option "${o.id}" is listed twice` });
    seen.add(o.id);
  });
  return found;
}

function unknownVariantStep(ids: Set<string>, id: string, path: (string | number)[], field: "paths" | "layouts" | "steps"): Finding[] {
  return ids.has(id) ? [] : [{ path, at: "key", message: `unknown step "${id}" in variant ${field}`, hint: didYouMean(id, ids) }];
}

/** The report layouts a step kind can show, or null for a step that shows no report. */
function layoutsOf(kind: Step["kind"]): readonly string[] | null {
  return kind === "result" ? resultLayouts : kind === "summary" ? teaserLayouts : null;
}
