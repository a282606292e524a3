import type { Card } from "#schemas/flow/card.ts";

/** The least a listing needs of a flow to show its card. */
export type CardedFlow = { code: string; topic: string; start: string; card?: Card | undefined };

/** A flow's card, with the flow it opens (`flow`, its code) and where it starts. */
export type ListedCard = Card & { flow: string; topic: string; href: string };

/**
 * The cards of the flows that have one, in home-page order (`order`, then the quiz code so equal
 * places never reorder between builds). One list for the home page, /pricing and /api/active-prompts.
 */
export function cardsInOrder(flows: readonly CardedFlow[]): ListedCard[] {
  return flows
    .flatMap((f) => (f.card ? [{ ...f.card, flow: f.code, topic: f.topic, href: f.start }] : []))
    .sort((a, b) => a.order - b.order || (a.flow < b.flow ? -1 : a.flow > b.flow ? 1 : 0));
}
