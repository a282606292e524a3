import { z } from "zod";
import type { Experiment } from "#schemas/flow/experiments.ts";
import { variantOverrides } from "#engine/flow/variant.ts";

/** One `variant` query parameter: `<experiment>:<variant>`, both flow identifiers. */
const variantParam = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,62}:[a-z][a-z0-9_-]{0,62}$/)
  .transform((text) => {
    const [experiment, variant] = text.split(":") as [string, string];
    return { experiment, variant };
  });

export type ChosenVariants = { ok: true; variants: Record<string, string> } | { ok: false; problem: string };

const quoted = (items: readonly string[]) => items.map((x) => `“${x}”`).join(", ");

/**
 * The variants a preview shows, from the page's `variant` parameters (`?variant=result_page:bingo`,
 * repeatable): each experiment of the flow at the variant named for it, or at its first variant.
 * A parameter that is not `experiment:variant`, names an experiment the flow does not have or a
 * variant its experiment does not have, or names one experiment twice, is a problem said in words.
 */
export function chosenVariants(experiments: readonly Experiment[], params: readonly string[]): ChosenVariants {
  const named = new Map<string, string>();
  for (const param of params) {
    const parsed = variantParam.safeParse(param);
    if (!parsed.success) return { ok: false, problem: `“${param}” is not a variant: write it as experiment:variant, e.g. result_page:b.` };
    const { experiment, variant } = parsed.data;
    const found = experiments.find((e) => e.id === experiment);
    if (!found) {
      const known = experiments.map((e) => e.id);
      return {
        ok: false,
        problem: known.length
          ? `This flow has no experiment “${experiment}”. Its experiments are ${quoted(known)}.`
          : `This flow has no experiment “${experiment}”: it runs no experiments.`,
      };
    }
    if (!found.variants.some((v) => v.id === variant))
      return { ok: false, problem: `Experiment “${experiment}” has no variant “${variant}”. Its variants are ${quoted(found.variants.map((v) => v.id))}.` };
    const earlier = named.get(experiment);
    if (earlier !== undefined && earlier !== variant)
      return { ok: false, problem: `Experiment “${experiment}” is named twice, as “${earlier}” and “${variant}”: pick one.` };
    named.set(experiment, variant);
  }
  return { ok: true, variants: Object.fromEntries(experiments.map((e) => [e.id, named.get(e.id) ?? e.variants[0]!.id])) };
}

/** What one experiment's variant changes about a step, in words ("its path and its layout"), or null for nothing. */
export function variantChanges(stepId: string, experiment: Experiment, variant: string): string | null {
  const { path, layout, copy } = variantOverrides(stepId, [experiment], { [experiment.id]: variant });
  const parts = [
    ...(copy ? [copy.options ? "its words and options" : "its words"] : []),
    ...(layout ? [`its layout (${layout})`] : []),
    ...(path ? [`its path (${path})`] : []),
  ];
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}`;
}
