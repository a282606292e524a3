import type { Offer } from "#schemas/flow/offer.ts";
import type { CompiledFlow } from "./types.ts";

/**
 * The offer a visitor with these variants gets (ADR 065): the first of their variants that changes
 * the offer replaces the flow's; null when neither names one (every plan on sale, as before offers).
 */
export function visitorOffer(flow: Pick<CompiledFlow, "offer" | "experiments">, variants: Record<string, string>): Offer | null {
  for (const experiment of flow.experiments) {
    const variant = experiment.variants.find((v) => v.id === variants[experiment.id]);
    if (variant?.offer) return variant.offer;
  }
  return flow.offer ?? null;
}
