import { z } from "zod";
import { identifier } from "./text.ts";

/**
 * A condition on earlier answers and scores, as data: no code, no expressions.
 * - `{ equals: { step, value } }`: the answer (or, for multiple choice, one of the answers) is value
 * - `{ in: { step, values } }`: the answer is one of values
 * - `{ answered: step }`: the step has an answer
 * - `{ score: { scale, gte | gt | lte | lt } }`: the scale's current score compared with a number
 * - `{ variant: { experiment, is } }`: the visitor was assigned that variant of the experiment
 * - `{ not }`, `{ all: [...] }`, `{ any: [...] }`: combinations
 */
export type Condition =
  | { equals: { step: string; value: string | number } }
  | { in: { step: string; values: (string | number)[] } }
  | { answered: string }
  | { score: { scale: string; gte?: number; gt?: number; lte?: number; lt?: number } }
  | { variant: { experiment: string; is: string } }
  | { not: Condition }
  | { all: Condition[] }
  | { any: Condition[] };

const answerValue = z.union([z.string().min(1).max(200), z.number()]);

const scoreComparison = z
  .strictObject({
    scale: identifier.describe("A scale id"),
    gte: z.number().optional().describe("The score is at least this"),
    gt: z.number().optional().describe("The score is above this"),
    lte: z.number().optional().describe("The score is at most this"),
    lt: z.number().optional().describe("The score is below this"),
  })
  .refine((s) => s.gte !== undefined || s.gt !== undefined || s.lte !== undefined || s.lt !== undefined, "give at least one of gte, gt, lte, lt");

export const condition: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({
      equals: z
        .strictObject({ step: identifier.describe("A step id"), value: answerValue.describe("An option id, or a number for likert and slider (unquoted)") })
        .describe("The step's answer is this value (multiple choice: one of the answers is)"),
    }),
    z.strictObject({
      in: z
        .strictObject({ step: identifier.describe("A step id"), values: z.array(answerValue).min(1).describe("Option ids, or numbers (unquoted)") })
        .describe("The step's answer is one of these values"),
    }),
    z.strictObject({ answered: identifier.describe("True when this step has an answer (a skipped question has none)") }),
    z.strictObject({ score: scoreComparison.describe("The scale's score so far compared with numbers") }),
    z.strictObject({
      variant: z
        .strictObject({ experiment: identifier.describe("An experiment id of this flow"), is: identifier.describe("One of its variant ids") })
        .describe("True when the visitor was assigned this variant"),
    }),
    z.strictObject({ not: negated }),
    z.strictObject({ all: z.array(condition).min(1).describe("True when every condition is") }),
    z.strictObject({ any: z.array(condition).min(1).describe("True when at least one condition is") }),
  ]),
);

// Described once, outside the lazy getter: a clone made on every call would never end a schema walk.
const negated = z.lazy(() => condition).describe("True when this condition is false");

/** Where a step goes next: one step id, or branches tried in order, the last without `if`. */
export const branch = z.strictObject({
  if: condition.optional().describe("When this holds, go to `to`; left out on the last branch"),
  to: identifier.describe("The step to go to"),
});
export const next = z.union([identifier.describe("The step to go to"), z.array(branch).min(1).describe("Branches tried in order; the last has no `if`")]);
export type Branch = z.infer<typeof branch>;
export type Next = z.infer<typeof next>;
