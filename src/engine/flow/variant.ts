import type { Experiment } from "../../../schemas/flow/experiments.ts";
import type { ReportLayout } from "../../../schemas/report/layouts.ts";

/** FNV-1a, 32 bit: a fast, stable hash for bucketing (not for security). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The variant a visitor gets: the same visitor id always lands in the same variant, in proportion to the weights. */
export function assignVariant(visitorId: string, experiment: Experiment): string {
  const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
  let bucket = fnv1a(`${experiment.id}:${visitorId}`) % total;
  for (const variant of experiment.variants) {
    if (bucket < variant.weight) return variant.id;
    bucket -= variant.weight;
  }
  return experiment.variants[0]!.id;
}

/** Variants for every experiment of a flow; an assignment already made is kept. */
export function assignVariants(visitorId: string, experiments: Experiment[], kept: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(experiments.map((e) => [e.id, e.variants.some((v) => v.id === kept[e.id]) ? kept[e.id]! : assignVariant(visitorId, e)]));
}

/** What a visitor's variants change about one step: where it is shown, and how its report is laid out. */
export function variantOverrides(stepId: string, experiments: Experiment[], variants: Record<string, string>): { path?: string; layout?: ReportLayout } {
  const found: { path?: string; layout?: ReportLayout } = {};
  for (const experiment of experiments) {
    const variant = experiment.variants.find((v) => v.id === variants[experiment.id]);
    found.path ??= variant?.paths?.[stepId];
    found.layout ??= variant?.layouts?.[stepId];
  }
  return found;
}

/** The path a step is shown at for these variants (a variant may move a step, e.g. to /get-result-b). */
export function variantPath(stepId: string, defaultPath: string, experiments: Experiment[], variants: Record<string, string>): string {
  return variantOverrides(stepId, experiments, variants).path ?? defaultPath;
}

/**
 * A step as a visitor with these variants sees it: at its variant path, and a summary or result
 * step in its variant layout (the flow check makes sure a variant's layout fits the step's kind).
 */
export function stepForVariants<S extends { id: string; path: string; kind: string }>(step: S, experiments: Experiment[], variants: Record<string, string>): S {
  const { path, layout } = variantOverrides(step.id, experiments, variants);
  if (!path && !layout) return step;
  return { ...step, ...(path ? { path } : {}), ...(layout && (step.kind === "result" || step.kind === "summary") ? { layout } : {}) };
}
