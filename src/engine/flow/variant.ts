import type { Experiment } from "../../../schemas/flow/experiments.ts";

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

/** The path a step is shown at for these variants (a variant may move a step, e.g. to /get-result-b). */
export function variantPath(stepId: string, defaultPath: string, experiments: Experiment[], variants: Record<string, string>): string {
  for (const experiment of experiments) {
    const path = experiment.variants.find((v) => v.id === variants[experiment.id])?.paths?.[stepId];
    if (path) return path;
  }
  return defaultPath;
}
