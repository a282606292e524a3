import type { CardSortConfig, CardSortEntry } from "#schemas/tools/card-sort.ts";

/** A deck nobody has sorted yet. */
export const blankCardSort = (): CardSortEntry => ({ placements: {}, top: [], note: "" });

/** How many of the deck's cards are on a pile. */
export function sortedCount(config: CardSortConfig, value: CardSortEntry): number {
  const piles = new Set(config.piles.map((p) => p.id));
  return config.cards.filter((c) => piles.has(value.placements[c.id] ?? "")).length;
}

/** Puts a card on a pile; a card moved off the first pile leaves the short list. */
export function placeCard(config: CardSortConfig, value: CardSortEntry, card: string, pile: string): CardSortEntry {
  const first = config.piles[0]?.id;
  return {
    ...value,
    placements: { ...value.placements, [card]: pile },
    top: pile === first ? value.top : value.top.filter((id) => id !== card),
  };
}

/** The cards on the first pile, in deck order: what the short list is chosen from. */
export const firstPileCards = (config: CardSortConfig, value: CardSortEntry) => config.cards.filter((c) => value.placements[c.id] === config.piles[0]?.id);

/** Adds a card to the end of the short list (while there is room) or takes it off. */
export function toggleTop(config: CardSortConfig, value: CardSortEntry, card: string): CardSortEntry {
  if (value.top.includes(card)) return { ...value, top: value.top.filter((id) => id !== card) };
  if (value.top.length >= config.top) return value;
  return { ...value, top: [...value.top, card] };
}

/** Moves the short list's card at `index` one place up (-1) or down (+1). */
export function moveTop(value: CardSortEntry, index: number, by: -1 | 1): CardSortEntry {
  const to = index + by;
  if (index < 0 || to < 0 || index >= value.top.length || to >= value.top.length) return value;
  const top = [...value.top];
  [top[index], top[to]] = [top[to]!, top[index]!];
  return { ...value, top };
}

/** "12 of 20 cards sorted; top: Autonomy, Learning". */
export function cardSortSummary(config: CardSortConfig, value: CardSortEntry): string {
  const titles = new Map(config.cards.map((c) => [c.id, c.title]));
  const top = value.top.map((id) => titles.get(id) ?? id);
  return `${sortedCount(config, value)} of ${config.cards.length} cards sorted${top.length ? `; top: ${top.join(", ")}` : ""}`;
}
