import { z } from "zod";
import { itemId, typed, uniqueIds } from "./common.ts";

/**
 * Card sort (values card sort): the customer puts each card on one pile, then picks and orders a
 * short list from the first pile.
 */
export const cardSortConfig = z
  .strictObject({
    /** Piles, most important first: the short list is picked from the first one. */
    piles: z
      .array(z.strictObject({ id: itemId, label: z.string().min(2).max(40) }))
      .min(2)
      .max(4),
    cards: z
      .array(z.strictObject({ id: itemId, title: z.string().min(2).max(40), description: z.string().min(10).max(160) }))
      .min(10)
      .max(60),
    /** How many cards the short list holds at most. */
    top: z.number().int().min(1).max(10),
  })
  .superRefine((c, ctx) => {
    uniqueIds(c.piles, ctx, "piles");
    uniqueIds(c.cards, ctx, "cards");
  });
export type CardSortConfig = z.infer<typeof cardSortConfig>;

/** What a customer saves: the pile of each card placed so far, the ordered short list, a note. */
export const cardSortEntry = (config: CardSortConfig) => {
  const cardIds = new Set(config.cards.map((c) => c.id));
  const pileIds = new Set(config.piles.map((p) => p.id));
  const firstPile = config.piles[0]?.id;
  return z
    .strictObject({
      placements: z.record(itemId, itemId),
      top: z.array(itemId).max(config.top),
      note: typed(2000).default(""),
    })
    .superRefine((e, ctx) => {
      for (const [card, pile] of Object.entries(e.placements)) {
        if (!cardIds.has(card)) ctx.addIssue({ code: "custom", path: ["placements", card], message: `no card "${card}" in this tool` });
        if (!pileIds.has(pile)) ctx.addIssue({ code: "custom", path: ["placements", card], message: `no pile "${pile}" in this tool` });
      }
      if (new Set(e.top).size !== e.top.length) ctx.addIssue({ code: "custom", path: ["top"], message: "a card is listed twice" });
      e.top.forEach((card, i) => {
        if (e.placements[card] !== firstPile) ctx.addIssue({ code: "custom", path: ["top", i], message: `"${card}" is not on the first pile` });
      });
    });
};
export type CardSortEntry = z.infer<ReturnType<typeof cardSortEntry>>;
