import type { CardCategory } from "../../../../schemas/flow/card.ts";

/** The label each group's cards carry (the group itself is the flow's `card.category`). */
export const categoryLabels: Record<CardCategory, string> = {
  career: "Career",
  wellbeing: "Wellbeing",
  skills: "Work skills",
};

/** "about 4 minutes", as a card says it. */
export const aboutMinutes = (minutes: number) => `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
