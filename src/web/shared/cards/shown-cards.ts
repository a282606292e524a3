import type { CardCategory } from "#schemas/flow/card.ts";
import type { Text } from "#schemas/flow/text.ts";
import { cardsInOrder, type CardedFlow, type ListedCard } from "#engine/flow/cards.ts";
import type { Translate } from "../catalog/index.ts";

/** The label each group's cards carry (the group itself is the flow's `card.category`). */
export const categoryLabels: Record<CardCategory, string> = {
  career: "Career",
  wellbeing: "Wellbeing",
  skills: "Work skills",
};

/** "about 4 minutes", as a card says it. */
export const aboutMinutes = (minutes: number) => `about ${minutes} minute${minutes === 1 ? "" : "s"}`;

/** A card as shown: every text in words (a `{ code }` looked up in the catalogue). */
export type ShownCard = Omit<ListedCard, "title" | "line" | "picture" | "highlights"> & {
  title: string;
  line: string;
  picture: { src: string; alt: string };
  highlights?: { label: string; items: string[] };
};

function showCard(card: ListedCard, t: Translate): ShownCard {
  const words = (text: Text) => (typeof text === "string" ? text : t(text.code));
  const { highlights, ...rest } = card;
  return {
    ...rest,
    title: words(card.title),
    line: words(card.line),
    picture: { src: card.picture.src, alt: words(card.picture.alt) },
    ...(highlights ? { highlights: { label: words(highlights.label), items: highlights.items.map(words) } } : {}),
  };
}

/** Every flow's card in home-page order, in words: what the home page and /pricing list. */
export const shownCards = (flows: readonly CardedFlow[], t: Translate): ShownCard[] => cardsInOrder(flows).map((card) => showCard(card, t));
