import type { StepKind } from "#schemas/flow/steps.ts";
import { answeredOnly, fail, noConditions, noScore, ok, type KindRules } from "./rules.ts";
import { FEEDBACK_COMMENT_MAX, typedText } from "./typed.ts";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A step that asks nothing (info, summary, preparing, payment, result): its answer is null; `terminal`
 * says whether it ends a flow, `passesByItself` whether it moves on without the visitor.
 */
const asksNothing = <K extends StepKind>(terminal: boolean, passesByItself = false): KindRules<K> => ({
  question: false,
  progress: false,
  terminal,
  passesByItself,
  conditions: noConditions,
  check: (step, value) => (value === null || value === undefined ? ok(null) : fail(`step ${step.id} asks nothing: send null`)),
  ...noScore,
  words: null,
  samples: () => [null],
});
export const info = asksNothing<"info">(false);
export const summary = asksNothing<"summary">(false);
export const preparing = asksNothing<"preparing">(false, true);
export const payment = asksNothing<"payment">(false);
export const result = asksNothing<"result">(true);

/** The plan chosen at the pre-checkout: a product id (the server checks it exists when checkout starts), or null. */
export const preCheckout: KindRules<"pre_checkout"> = {
  question: false,
  progress: false,
  terminal: false,
  passesByItself: false,
  conditions: answeredOnly,
  check: (_step, value) =>
    value === null || value === undefined
      ? ok(null)
      : typeof value === "string" && /^[a-z][a-z0-9_-]{0,62}$/.test(value)
        ? ok(value)
        : fail("a plan is chosen by its product id"),
  ...noScore,
  words: null,
  samples: () => ["report_monthly"],
};

/** A 1–5 rating of the funnel and an optional comment. */
export const feedback: KindRules<"feedback"> = {
  question: false,
  progress: false,
  terminal: true,
  passesByItself: false,
  conditions: answeredOnly,
  check: (_step, value) => {
    if (!isRecord(value)) return fail("send { rating, comment? }");
    const extra = Object.keys(value).find((k) => k !== "rating" && k !== "comment");
    if (extra !== undefined) return fail(`unknown field "${extra.slice(0, 32)}": send { rating, comment? }`);
    const { rating, comment } = value;
    if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 5) return fail("rating must be a whole number from 1 to 5");
    if (comment === undefined || comment === null) return ok({ rating });
    const text = typedText(comment, FEEDBACK_COMMENT_MAX, true, "comment");
    if (!text.ok) return fail(`comment: ${text.message}`);
    return ok(text.value === "" ? { rating } : { rating, comment: text.value as string });
  },
  ...noScore,
  words: null,
  samples: () => [{ rating: 5, comment: "Clear and useful." }],
};
