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
  .strictObject({ scale: identifier, gte: z.number().optional(), gt: z.number().optional(), lte: z.number().optional(), lt: z.number().optional() })
  .refine((s) => s.gte !== undefined || s.gt !== undefined || s.lte !== undefined || s.lt !== undefined, "give at least one of gte, gt, lte, lt");

export const condition: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ equals: z.strictObject({ step: identifier, value: answerValue }) }),
    z.strictObject({ in: z.strictObject({ step: identifier, values: z.array(answerValue).min(1) }) }),
    z.strictObject({ answered: identifier }),
    z.strictObject({ score: scoreComparison }),
    z.strictObject({
      variant: z
        .strictObject({ experiment: identifier.describe("an experiment id of this flow"), is: identifier.describe("one of its variant ids") })
        .describe("true when the visitor was assigned this variant"),
    }),
    z.strictObject({ not: condition }),
    z.strictObject({ all: z.array(condition).min(1) }),
    z.strictObject({ any: z.array(condition).min(1) }),
  ]),
);

/** Where a step goes next: one step id, or branches tried in order, the last without `if`. */
export const branch = z.strictObject({ if: condition.optional(), to: identifier });
export const next = z.union([identifier, z.array(branch).min(1)]);
export type Branch = z.infer<typeof branch>;
export type Next = z.infer<typeof next>;
