import type { Flow } from "../../../../schemas/flow/flow.ts";
import type { StepKind, StepOf } from "../../../../schemas/flow/steps.ts";
import type { Answer } from "../types.ts";

export type AnswerCheck = { ok: true; value: Answer } | { ok: false; message: string };
export type AnswerSets = Flow["answerSets"];
export type Range = { min: number; max: number };

/**
 * Everything the engine knows about one step kind. The registry (index.ts) holds one per kind and
 * is typed by the schema's kinds, so a kind added to schemas/flow/steps.ts does not compile until
 * it is described here: its answer check, whether and how it scores, and sample answers.
 */
export type KindRules<K extends StepKind> = {
  /** Checks a visitor's answer and returns it normalised (text trimmed, e-mail lower-cased); bad input is a result, never an exception. */
  check: (step: StepOf<K>, value: unknown, answerSets: AnswerSets) => AnswerCheck;
  /** Whether a scale may list the step: its answer gives a number. */
  scorable: (step: StepOf<K>) => boolean;
  /** The least and most the answer adds to a scale, or null when it gives no number (or its range is unknown). */
  range: (step: StepOf<K>, answerSets: AnswerSets) => Range | null;
  /** Whether a scale may count it reversed: its answer is one number on a known range. */
  reversible: boolean;
  /** The number a (given) answer adds to its scales, or null. */
  number: (step: StepOf<K>, answer: Answer) => number | null;
  /** Answers that exercise the step: every option, both ends of a scale, one text (path tests, Storybook). */
  samples: (step: StepOf<K>, answerSets: AnswerSets) => Answer[];
};

export const ok = (value: Answer): AnswerCheck => ({ ok: true, value });
export const fail = (message: string): AnswerCheck => ({ ok: false, message });

/** The least and most of some numbers, or null for none. */
export const spanOf = (values: number[]): Range | null => (values.length > 0 ? { min: Math.min(...values), max: Math.max(...values) } : null);

/** A question the author made optional, skipped: null. Undefined when the value is not a skip. */
export const skipped = (step: { optional: boolean }, value: unknown): AnswerCheck | undefined => (step.optional && value === null ? ok(null) : undefined);

/** Kinds that give no number. */
export const noScore = { scorable: () => false, range: () => null, reversible: false, number: () => null } as const;
