import { z } from "zod";
import { image, text } from "./text.ts";

/**
 * The home page's groups. A small closed set: each has its own colour and label on the card, so a
 * new one is a design decision (src/web/shared/cards/shown-cards.ts), not a YAML one. Zod-free users
 * (the browser) import the type only.
 */
export const cardCategories = ["career", "wellbeing", "skills"] as const;
export type CardCategory = (typeof cardCategories)[number];

/** The timing rule a card's minutes are checked against (src/engine/flow/lint/lint-card.ts). */
export const secondsPerQuestion = { least: 4, most: 20 } as const;

/**
 * How a flow shows on the home page (and in /api/active-prompts and /pricing). A flow without a
 * card is live at its paths but not listed.
 */
export const card = z.strictObject({
  title: text.describe("The assessment's name on its card, e.g. Burnout Check"),
  line: text.describe("One sentence under the title: what the visitor finds out"),
  minutes: z
    .number()
    .int()
    .min(1)
    .max(60)
    .describe(
      `About how long the flow takes, in whole minutes; checked against its questions (${secondsPerQuestion.least}–${secondsPerQuestion.most} seconds each, rounded to the minute)`,
    ),
  picture: image
    .extend({ alt: text.describe("What the picture shows, for screen readers (a card's picture always has one)") })
    .describe("The card's picture: /content-images/<file> (a file in content/images) and its alt text"),
  category: z.enum(cardCategories).describe("The group the card is shown in: career, wellbeing or skills (each has its colour and label)"),
  order: z.number().int().min(0).max(999).describe("The card's place on the home page, smallest first; the first card is featured with 'Start here'"),
  highlights: z
    .strictObject({
      label: text.describe("What the list is, for screen readers, e.g. The six interest areas"),
      items: z.array(text).min(1).max(8).describe("Short words shown as tags on the card"),
    })
    .optional()
    .describe("A few tags shown on the card, e.g. the areas the assessment measures"),
});

export type Card = z.infer<typeof card>;
