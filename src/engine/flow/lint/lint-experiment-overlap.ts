import type { Finding, LintInput } from "./lint-input.ts";

/** What a variant can change about a step, and the words for it. */
const changes = { steps: "copy", layouts: "layout", paths: "path" } as const;
type Change = keyof typeof changes;

type Touch = { experiment: string; where: (string | number)[] };

/**
 * Two experiments that change the same thing about one step (its copy, its layout or its path).
 * A visitor is in both; when both their variants change it, the engine shows the first experiment's
 * change (variantOverrides) and the second is never seen: which one was meant to win is not written. Variants of one
 * experiment changing one step is what an experiment is for.
 */
export function overlappingExperiments(input: LintInput): Finding[] {
  const first = new Map<string, Touch>();
  const found: Finding[] = [];
  (input.experiments ?? []).forEach((experiment, ei) => {
    const told = new Set<string>();
    experiment.variants.forEach((variant, vi) => {
      for (const change of Object.keys(changes) as Change[]) {
        for (const stepId of Object.keys(variant[change] ?? {})) {
          const key = `${change}.${stepId}`;
          const where = ["experiments", ei, "variants", vi, change, stepId];
          const earlier = first.get(key);
          if (!earlier) first.set(key, { experiment: experiment.id, where });
          else if (earlier.experiment !== experiment.id && !told.has(key)) {
            told.add(key);
            found.push({
              path: where,
              at: "key",
              stepId,
              message: (lineOf) =>
                `experiments "${earlier.experiment}" (line ${lineOf(earlier.where)}) and "${experiment.id}" both change the ${changes[change]} of step "${stepId}": a visitor given both changes sees only "${earlier.experiment}"'s`,
              hint: "merge them into one experiment, or change different steps",
            });
          }
        }
      }
    });
  });
  return found;
}
