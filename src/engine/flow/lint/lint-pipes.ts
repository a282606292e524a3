import type { Step } from "#schemas/flow/steps.ts";
import { didYouMean } from "#engine/yaml/did-you-mean.ts";
import { graphOfInput, walk, type Graph } from "./flow-graph.ts";
import { rulesOf } from "../kinds/index.ts";
import { indexedSteps, knownIds, type Finding, type LintInput } from "./lint-input.ts";
import { groupOf } from "../order.ts";
import { malformedPipe, pipesIn } from "../pipe.ts";

type Path = (string | number)[];
/** A text written for a step, where, and the step it is shown at. */
type Written = { text: string; path: Path; at: string };

/** Every string inside a value that holds braces, with its YAML path (ids and paths never do). */
function bracedTexts(value: unknown, path: Path): { text: string; path: Path }[] {
  if (typeof value === "string") return value.includes("{{") || value.includes("}}") ? [{ text: value, path }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => bracedTexts(v, [...path, i]));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([k, v]) => bracedTexts(v, [...path, k]));
  return [];
}

/** The texts of every step and every variant's copy of a step. */
function writtenTexts(input: LintInput): Written[] {
  const own = indexedSteps(input).flatMap(({ step, index }) => bracedTexts(step, ["steps", index]).map((t) => ({ ...t, at: step.id })));
  const copies = (input.experiments ?? []).flatMap((e, ei) =>
    e.variants.flatMap((v, vi) =>
      Object.entries(v.steps ?? {}).flatMap(([id, copy]) => bracedTexts(copy, ["experiments", ei, "variants", vi, "steps", id]).map((t) => ({ ...t, at: id }))),
    ),
  );
  return [...own, ...copies];
}

/** A question that may be left without words: an optional one, or a multiple choice that takes none. */
const maySkip = (s: Step) => ("optional" in s && s.optional === true) || (s.kind === "multiple_choice" && s.min === 0);

const sameGroup = (a: Step, b: Step) => groupOf(a) !== undefined && groupOf(a) === groupOf(b);

/** Whether `from` is answered, with words, on every way from the start to `to` (path analysis of flow-graph.ts). */
function answeredBefore(g: Graph, from: number, to: number): boolean {
  const source = g.steps[from]!;
  const target = g.steps[to]!;
  if (maySkip(source) || sameGroup(source, target)) return false;
  // Walking from the start without passing `from`: if `to` is still reached, some way skips it.
  return !walk(g.edges, [0], (i) => i === from).has(to);
}

/**
 * Pipes (`{{step}}`, `{{step | fallback}}`, ADR 067) in a step's words and in variants' copy: each
 * names a step whose answer has words, and without a fallback that step is answered on every way
 * to the step that shows the text — otherwise a visitor would read a gap.
 */
export function pipeProblems(input: LintInput): Finding[] {
  const ids = knownIds(input);
  const g = graphOfInput(input);
  const byId = new Map(indexedSteps(input).map(({ step, index }) => [step.id, { step, index }]));
  return writtenTexts(input).flatMap(({ text, path, at }): Finding[] => {
    const stepId = path[0] === "steps" ? undefined : at;
    const where = { path, ...(stepId ? { stepId } : {}) };
    const malformed = malformedPipe(text);
    if (malformed)
      return [{ ...where, message: `"${malformed}" is not a pipe`, hint: "write {{step_id}} for an earlier answer, or {{step_id | words shown without one}}" }];
    return pipesIn(text).flatMap(({ step, fallback, written }): Finding[] => {
      if (!ids.has(step))
        return [{ ...where, message: `${written} pipes unknown step "${step}"`, hint: didYouMean(step, ids) ?? "name an earlier question's id" }];
      const source = byId.get(step);
      const target = byId.get(at);
      if (!source || !target) return [];
      if (step === at) return [{ ...where, message: `${written}: a step cannot show its own answer`, hint: "pipe an earlier question" }];
      if (rulesOf(source.step).words === null)
        return [{ ...where, message: `${written}: step "${step}" (${source.step.kind}) has no answer to show`, hint: "pipe a question the visitor answers" }];
      if (fallback !== null || !g || answeredBefore(g, source.index, target.index)) return [];
      return [
        {
          ...where,
          message: `${written}: step "${step}" is not answered on every way to step "${at}"${maySkip(source.step) ? " (it may be skipped)" : sameGroup(source.step, target.step) ? " (both are in one shuffle group)" : ""}, so some visitors would read a gap`,
          hint: `give words for them: {{${step} | …}}`,
        },
      ];
    });
  });
}
