import type { Text } from "#schemas/flow/text.ts";
import { rulesOf } from "./kinds/index.ts";
import type { Answers, CompiledFlow } from "./types.ts";

/**
 * `{{step}}` or `{{step | fallback}}` in a text: the words of that step's answer, or the fallback
 * when it has none (ADR 067). The words are put in as text: the renderer draws them as React text,
 * never as HTML, so an answer cannot add markup.
 */
const PIPE = /\{\{\s*([^{}|]*?)\s*(?:\|\s*([^{}]*?)\s*)?\}\}/g;
const STEP_ID = /^[a-z][a-z0-9_-]{0,62}$/;

export type Pipe = { step: string; fallback: string | null; at: number; written: string };

/** Every pipe written in a text, well formed or not (flows:check says which are not). */
export const pipesIn = (text: string): Pipe[] =>
  [...text.matchAll(PIPE)].map((m) => ({ step: m[1]!, fallback: m[2] ? m[2] : null, at: m.index, written: m[0] }));

/** A pipe that names no step id, or braces that open no pipe: what the check calls malformed. */
export const malformedPipe = (text: string): string | null => {
  const bad = pipesIn(text).find((p) => !STEP_ID.test(p.step));
  if (bad) return bad.written;
  const rest = text.replace(PIPE, "");
  return rest.includes("{{") || rest.includes("}}") ? (rest.match(/\{\{[^]{0,30}|\}\}/)?.[0] ?? "{{") : null;
};

/** The text with each pipe replaced by the words `wordsOf` gives for its step, else its fallback, else nothing. */
export const fillPipes = (text: string, wordsOf: (step: string) => string | null): string =>
  text.includes("{{") ? text.replace(PIPE, (_all, step: string, fallback: string | undefined) => wordsOf(step) ?? fallback ?? "") : text;

/** The words of a step's answer as a pipe shows them (labels joined with commas), or null when it has none. */
export function answerWords(flow: Pick<CompiledFlow, "steps" | "answerSets">, answers: Answers, stepId: string, words: (text: Text) => string): string | null {
  const step = flow.steps.find((s) => s.id === stepId);
  const answer = answers[stepId];
  const read = step && rulesOf(step).words;
  if (!step || !read || answer === undefined) return null;
  const shown = read(step, answer, flow.answerSets)
    .map(words)
    .filter((w) => w.trim() !== "");
  return shown.length > 0 ? shown.join(", ") : null;
}

/** Every string in a value with its pipes filled (a step's title, subtitle, options and other words). */
export function pipedTexts<T>(value: T, wordsOf: (step: string) => string | null): T {
  if (typeof value === "string") return fillPipes(value, wordsOf) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => pipedTexts(v, wordsOf)) as T;
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pipedTexts(v, wordsOf)])) as T;
  return value;
}
