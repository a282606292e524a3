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

/**
 * The plans on sale that an offer shows, in its order (ADR 065); every plan on sale without one.
 * A plan the offer names that has been retired since is left out, as it cannot be bought. The
 * server's products call and the console's preview of a variant both list them so.
 */
export function plansOnOffer<Plan extends { id: string }>(onSale: readonly Plan[], offer: Offer | null): Plan[] {
  if (!offer) return [...onSale];
  return offer.plans.flatMap((id) => onSale.filter((p) => p.id === id));
}
