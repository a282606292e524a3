import type { Flow } from "#schemas/flow/flow.ts";
import type { StepKind, StepOf } from "#schemas/flow/steps.ts";
import type { Text } from "#schemas/flow/text.ts";
import type { Answer } from "../types.ts";

export type AnswerCheck = { ok: true; value: Answer } | { ok: false; message: string };
type AnswerSets = Flow["answerSets"];
export type Range = { min: number; max: number };

/** The conditions of schemas/flow/condition.ts that name a step and read its answer. */
export type StepOperator = "equals" | "in" | "answered";
/** A value an `equals` or `in` condition compares a step's answer with. */
export type ConditionValue = string | number;
/** Why a condition value can never be the step's answer, with a hint for the author. */
export type ValueProblem = { message: string; hint?: string | undefined };

/**
 * How conditions read a step's answer: which operators may name the step, whether a value of an
 * `equals`/`in` can ever be its answer (src/engine/flow/lint/lint-conditions.ts), and whether a given answer is the
 * value (src/engine/flow/condition.ts, where the machine evaluates branches).
 */
export type ConditionRules<K extends StepKind> = {
  operators: readonly StepOperator[];
  /** A problem with a compared value, or null when the answer can be it. */
  value: (step: StepOf<K>, value: ConditionValue, answerSets: AnswerSets) => ValueProblem | null;
  /** Whether an answer given to the step is the value (multiple choice: holds it). */
  matches: (answer: Answer, value: ConditionValue) => boolean;
};

/**
 * Everything the engine knows about one step kind. The registry (index.ts) holds one per kind and
 * is typed by the schema's kinds, so a kind added to schemas/flow/steps.ts does not compile until
 * it is described here: whether the visitor answers it and it counts in progress, whether it ends a
 * flow, whether it moves on by itself, how conditions read it, its answer check, whether and how it scores, and sample answers.
 * Every field is required: no default lets a new kind slip through (tests/flows/kinds-record.test.ts).
 */
export type KindRules<K extends StepKind> = {
  /** The visitor answers it: required before the quiz completes, refused after it, numbered "Question n of m". */
  question: boolean;
  /** Counted in the progress bar when the step does not say (`progress` in schemas/flow/steps.ts). */
  progress: boolean;
  /** It ends a flow: nothing follows it, and every way through must reach one. */
  terminal: boolean;
  /**
   * It moves on by itself (a preparing screen): Back from the step after it goes to the step before
   * it, so Back never lands on a screen that sends the visitor forward again.
   */
  passesByItself: boolean;
  /** How branch conditions may name it and compare its answer. */
  conditions: ConditionRules<K>;
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
  /**
   * The words a given answer reads as, for a later text that pipes it (`{{step}}`, ADR 067): the
   * chosen options' labels, the answer's label, the number with its unit, the typed text; none for
   * a skip. null: the kind's answer cannot be piped (flows:check refuses a pipe to it).
   */
  words: ((step: StepOf<K>, answer: Answer, answerSets: AnswerSets) => Text[]) | null;
  /** Answers that exercise the step: every option, both ends of a scale, one text (path tests, Storybook). */
  samples: (step: StepOf<K>, answerSets: AnswerSets) => Answer[];
};

export const ok = (value: Answer): AnswerCheck => ({ ok: true, value });
export const fail = (message: string): AnswerCheck => ({ ok: false, message });

/** The least and most of some numbers, or null for none. */
export const spanOf = (values: number[]): Range | null => (values.length > 0 ? { min: Math.min(...values), max: Math.max(...values) } : null);

/** A question the author made optional, skipped: null. Undefined when the value is not a skip. */
export const skipped = (step: { optional: boolean }, value: unknown): AnswerCheck | undefined => (step.optional && value === null ? ok(null) : undefined);

/** Typed text as the words of a pipe: the text, none when left empty. */
export const typedWords = (_step: unknown, answer: Answer): Text[] => (typeof answer === "string" && answer.trim() !== "" ? [answer.trim()] : []);

/** Kinds that give no number. */
export const noScore = { scorable: () => false, range: () => null, reversible: false, number: () => null } as const;

/** Kinds whose answer is compared by nothing but `answered` (free text, the feedback step's stars, a plan). */
export const answeredOnly = { operators: ["answered"], value: () => null, matches: () => false } as const satisfies ConditionRules<StepKind>;

/** Kinds that ask nothing: no condition may name them (their answer is always null). */
export const noConditions = { operators: [], value: () => null, matches: () => false } as const satisfies ConditionRules<StepKind>;
