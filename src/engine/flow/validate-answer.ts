import type { StepOf } from "../../../schemas/flow/steps.ts";
import type { Answer, CompiledFlow } from "./types.ts";

export type AnswerCheck = { ok: true; value: Answer } | { ok: false; message: string };

type CompiledStep = CompiledFlow["steps"][number];

/** Longest name we keep; longer input is a mistake or an attack, not a name. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const FEEDBACK_COMMENT_MAX = 2000;

// The shape zod's z.email() accepts, without shipping zod to the browser.
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/**
 * Control characters other than tab and newlines have no place in typed answers, and a lone
 * UTF-16 surrogate is not text at all (PostgreSQL refuses to store either).
 */
const hasUntypable = (text: string) =>
  [...text].some((ch) => {
    const code = ch.codePointAt(0)!;
    return (code < 32 && ch !== "\t" && ch !== "\n" && ch !== "\r") || code === 127 || (code >= 0xd800 && code <= 0xdfff);
  });

const ok = (value: Answer): AnswerCheck => ({ ok: true, value });
const fail = (message: string): AnswerCheck => ({ ok: false, message });
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function singleChoice(step: StepOf<"single_choice">, value: unknown): AnswerCheck {
  if (typeof value !== "string") return fail("choose one option: send its id as a string");
  if (!step.options.some((o) => o.id === value)) return fail(`"${value.slice(0, 64)}" is not an option of step ${step.id}`);
  return ok(value);
}

function multipleChoice(step: StepOf<"multiple_choice">, value: unknown): AnswerCheck {
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === "string")) return fail("send the chosen option ids as an array of strings");
  const unknown = value.find((id) => !step.options.some((o) => o.id === id));
  if (unknown !== undefined) return fail(`"${unknown.slice(0, 64)}" is not an option of step ${step.id}`);
  if (new Set(value).size !== value.length) return fail("each option can be chosen once");
  const max = step.max ?? step.options.length;
  if (value.length < step.min) return fail(`choose at least ${step.min} option${step.min === 1 ? "" : "s"}`);
  if (value.length > max) return fail(`choose at most ${max} option${max === 1 ? "" : "s"}`);
  return ok(value);
}

function likert(flow: CompiledFlow, step: StepOf<"likert">, value: unknown): AnswerCheck {
  const allowed = (flow.answerSets[step.answers] ?? []).map((o) => o.value);
  if (typeof value !== "number" || !allowed.includes(value)) return fail(`choose one of ${allowed.join(", ")}`);
  return ok(value);
}

function slider(step: StepOf<"slider">, value: unknown): AnswerCheck {
  if (typeof value !== "number" || !Number.isFinite(value)) return fail("send a number");
  if (value < step.min || value > step.max) return fail(`must be between ${step.min} and ${step.max}`);
  const steps = (value - step.min) / step.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return fail(`must be ${step.min} plus a multiple of ${step.step}`);
  return ok(value);
}

function typedText(value: unknown, max: number, optional: boolean, what: string): AnswerCheck {
  if (typeof value !== "string") return fail(`send the ${what} as a string`);
  const text = value.trim();
  if (text === "" && !optional) return fail(`enter your ${what}`);
  if (text.length > max) return fail(`at most ${max} characters`);
  if (hasUntypable(text)) return fail("contains characters that cannot be typed");
  return ok(text);
}

function email(value: unknown): AnswerCheck {
  if (typeof value !== "string") return fail("send the e-mail address as a string");
  const address = value.trim().toLowerCase();
  if (address.length > EMAIL_MAX || !EMAIL.test(address)) return fail("enter a valid e-mail address");
  return ok(address);
}

function feedback(value: unknown): AnswerCheck {
  if (!isRecord(value)) return fail("send { rating, comment? }");
  const extra = Object.keys(value).find((k) => k !== "rating" && k !== "comment");
  if (extra !== undefined) return fail(`unknown field "${extra.slice(0, 32)}": send { rating, comment? }`);
  const { rating, comment } = value;
  if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 5) return fail("rating must be a whole number from 1 to 5");
  if (comment === undefined || comment === null) return ok({ rating });
  const text = typedText(comment, FEEDBACK_COMMENT_MAX, true, "comment");
  if (!text.ok) return fail(`comment: ${text.message}`);
  return ok(text.value === "" ? { rating } : { rating, comment: text.value as string });
}

/** A question the author made optional, skipped: null. */
function skipped(step: { optional: boolean }, value: unknown): AnswerCheck | null {
  return step.optional && value === null ? ok(null) : null;
}

function nothing(step: CompiledStep, value: unknown): AnswerCheck {
  return value === null || value === undefined ? ok(null) : fail(`step ${step.id} asks nothing: send null`);
}

/** The plan chosen at the pre-checkout: a product id (the server checks it exists when checkout starts), or null. */
function chosenPlan(value: unknown): AnswerCheck {
  if (value === null || value === undefined) return ok(null);
  return typeof value === "string" && /^[a-z][a-z0-9_-]{0,62}$/.test(value) ? ok(value) : fail("a plan is chosen by its product id");
}

/**
 * Checks a value a visitor sent for one step of a flow, by the step's kind, and returns it
 * normalised (text trimmed, e-mail lower-cased). Bad input is a result, never an exception.
 */
export function validateAnswer(flow: CompiledFlow, stepId: string, value: unknown): AnswerCheck {
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step) return fail(`${flow.code} has no step "${stepId.slice(0, 64)}"`);
  switch (step.kind) {
    case "single_choice":
      return skipped(step, value) ?? singleChoice(step, value);
    case "multiple_choice":
      return multipleChoice(step, value);
    case "likert":
      return skipped(step, value) ?? likert(flow, step, value);
    case "slider":
      return skipped(step, value) ?? slider(step, value);
    case "short_text":
      return typedText(value, step.maxLength, step.optional, "answer");
    case "name":
      return typedText(value, NAME_MAX, step.optional, "name");
    case "email":
      return email(value);
    case "feedback":
      return feedback(value);
    case "pre_checkout":
      return chosenPlan(value);
    case "info":
    case "summary":
    case "preparing":
    case "payment":
    case "result":
      return nothing(step, value);
  }
}
