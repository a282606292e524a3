import type { Step } from "#schemas/flow/steps.ts";
import { indexedSteps, type Finding, type LintInput } from "./lint-input.ts";

/** Where a step is shown: its own `path`, else the start path for the first step and `<start>/<id>` for the others. */
export const stepPath = (step: Pick<Step, "id" | "path">, index: number, start: string) => step.path ?? (index === 0 ? start : `${start}/${step.id}`);

/** A URL the flow claims, the step it opens, and where the file says so. */
type PathClaim = { path: string; step: string; where: (string | number)[] };

/** Every URL a flow claims: start and aliases (its first step), each step's path, and experiment variant paths. */
function pathClaims(input: LintInput): PathClaim[] {
  if (input.startPath === null) return [];
  const start = input.startPath;
  const first = input.ids[0] ?? "";
  const claims: PathClaim[] = [{ path: start, step: first, where: ["paths", "start"] }];
  (input.aliases ?? []).forEach((alias, i) => claims.push({ path: alias, step: first, where: ["paths", "aliases", i] }));
  for (const { step, index } of indexedSteps(input)) {
    if (index === 0 && step.path === undefined) continue; // the start path, claimed above
    claims.push({ path: stepPath(step, index, start), step: step.id, where: ["steps", index, step.path === undefined ? "id" : "path"] });
  }
  (input.experiments ?? []).forEach((e, ei) =>
    e.variants.forEach((v, vi) =>
      Object.entries(v.paths ?? {}).forEach(([id, path]) => claims.push({ path, step: id, where: ["experiments", ei, "variants", vi, "paths", id] })),
    ),
  );
  return claims;
}

/** Two different steps of one flow at the same URL. */
export function duplicatePaths(input: LintInput): Finding[] {
  const owner = new Map<string, PathClaim>();
  return pathClaims(input).flatMap((claim) => {
    const earlier = owner.get(claim.path);
    if (!earlier) owner.set(claim.path, claim);
    if (!earlier || earlier.step === claim.step) return [];
    return [
      {
        path: claim.where,
        message: `path ${claim.path} is already used by ${earlier.where.join(".")} (step "${earlier.step}")`,
        hint: "give this step its own path",
      },
    ];
  });
}
