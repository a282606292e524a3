import { z } from "zod";
import { identifier } from "./text.ts";

/**
 * A choice question's options in random order, drawn once per quiz session (ADR 067). `true`
 * shuffles them all; `keep_last` names options that stay at the end, in the order written (such as
 * "None of these" or "Other").
 */
export const shuffle = z
  .union([
    z.literal(true),
    z.strictObject({
      keep_last: z.array(identifier).min(1).max(4).describe("Option ids that stay at the end, in the order written, e.g. [none]"),
    }),
  ])
  .describe("Show the options in random order, drawn once per quiz session: true, or { keep_last: [option ids] }");
export type Shuffle = z.infer<typeof shuffle>;

/**
 * Consecutive questions sharing one `shuffle_group` id are asked in random order, drawn once per
 * quiz session; what follows the group's last step in the file follows the last one asked.
 */
export const shuffleGroup = identifier.describe(
  "Consecutive questions with the same group id are asked in random order, drawn once per quiz session (each but the last: next is the following one)",
);

/**
 * The order one quiz session shows (ADR 067): each shuffled question's option ids and each group's
 * step ids, as drawn when the session started. Stored with the session, so a reload, Back, another
 * device and the funnel report all see the same order. Answers are option ids, so scoring never reads it.
 */
export const shownOrder = z.strictObject({
  options: z.record(identifier, z.array(identifier).max(16)).default({}).describe("step id → its option ids in the order shown"),
  groups: z.record(identifier, z.array(identifier).max(16)).default({}).describe("group id → its step ids in the order asked"),
});
export type ShownOrder = z.infer<typeof shownOrder>;
