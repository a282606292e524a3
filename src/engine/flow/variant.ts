import type { Experiment, StepCopy } from "#schemas/flow/experiments.ts";
import type { ReportLayout } from "#schemas/report/layouts.ts";
import { fnv1a } from "./seeded-random.ts";

/**
 * The variant a new visitor gets: while the experiment runs, the same visitor id always lands in the
 * same variant, in proportion to the weights; once it is rolled out, its `rolled_out` variant; once
 * it is stopped, the first variant (the control). ADR 064.
 */
export function assignVariant(visitorId: string, experiment: Experiment): string {
  if (experiment.status === "rolled_out" && experiment.rolled_out) return experiment.rolled_out;
  if (experiment.status === "stopped") return experiment.variants[0]!.id;
  const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
  let bucket = fnv1a(`${experiment.id}:${visitorId}`) % total;
  for (const variant of experiment.variants) {
    if (bucket < variant.weight) return variant.id;
    bucket -= variant.weight;
  }
  return experiment.variants[0]!.id;
}

/** Variants for every experiment of a flow; an assignment already made is kept (a visitor mid-quiz finishes in their variant). */
export function assignVariants(visitorId: string, experiments: Experiment[], kept: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(experiments.map((e) => [e.id, e.variants.some((v) => v.id === kept[e.id]) ? kept[e.id]! : assignVariant(visitorId, e)]));
}

/** What a visitor's variants change about one step: where it is shown, how its report is laid out, its copy. */
export function variantOverrides(
  stepId: string,
  experiments: Experiment[],
  variants: Record<string, string>,
): { path?: string; layout?: ReportLayout; copy?: StepCopy } {
  const found: { path?: string; layout?: ReportLayout; copy?: StepCopy } = {};
  for (const experiment of experiments) {
    const variant = experiment.variants.find((v) => v.id === variants[experiment.id]);
    found.path ??= variant?.paths?.[stepId];
    found.layout ??= variant?.layouts?.[stepId];
    found.copy ??= variant?.steps?.[stepId];
  }
  return found;
}

/** The path a step is shown at for these variants (a variant may move a step, e.g. to /get-result-b). */
export function variantPath(stepId: string, defaultPath: string, experiments: Experiment[], variants: Record<string, string>): string {
  return variantOverrides(stepId, experiments, variants).path ?? defaultPath;
}

type Option = { id: string; label: unknown };

/** A step with a variant's copy: its words replaced, and its options narrowed, ordered and relabelled as listed. */
function withCopy<S extends { kind: string }>(step: S, copy: StepCopy): S {
  const { options, ...words } = copy;
  const own = "options" in step ? (step.options as Option[]) : null;
  const shown =
    own && options
      ? options.flatMap((o) => own.filter((x) => x.id === o.id).map((x) => ({ ...x, ...(o.label !== undefined ? { label: o.label } : {}) })))
      : null;
  // The flow check refuses a field the step's kind does not have, so every word given fits.
  const given = Object.fromEntries(Object.entries(words).filter(([, value]) => value !== undefined));
  return { ...step, ...given, ...(shown ? { options: shown } : {}) };
}

/**
 * A step as a visitor with these variants sees it: at its variant path, a summary or result step
 * in its variant layout, with its variant copy (the flow check makes sure each fits the step).
 */
export function stepForVariants<S extends { id: string; path: string; kind: string }>(step: S, experiments: Experiment[], variants: Record<string, string>): S {
  const { path, layout, copy } = variantOverrides(step.id, experiments, variants);
  if (!path && !layout && !copy) return step;
  const moved = { ...step, ...(path ? { path } : {}), ...(layout && (step.kind === "result" || step.kind === "summary") ? { layout } : {}) };
  return copy ? withCopy(moved, copy) : moved;
}
