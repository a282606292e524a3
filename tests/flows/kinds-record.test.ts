import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { step as stepSchema, type Step, type StepKind } from "#schemas/flow/steps.ts";
import {
  countsInProgress,
  isQuestion,
  isTerminal,
  kindNames,
  questionKinds,
  rulesOf,
  stepKinds,
  terminalKinds,
} from "#engine/flow/kinds/index.ts";
import type { KindRules } from "#engine/flow/kinds/rules.ts";
import { conditionProblems } from "#engine/flow/lint/lint-conditions.ts";
import type { LintInput } from "#engine/flow/lint/lint-input.ts";
import { evaluateCondition } from "#engine/flow/condition.ts";
import { effectOf, stepRenderers } from "#web/funnel/steps/registry.ts";

/**
 * Adding a step kind: the compiler asks for its entry in the kinds record
 * (src/engine/flow/kinds/index.ts), in the web registry (src/web/funnel/steps/registry.ts) and
 * for an example below; this test checks what the compiler cannot (ADR 044).
 */

// @ts-expect-error a record without an entry for every kind of the schema does not compile
const _partial: { [K in StepKind]: KindRules<K> } = { single_choice: stepKinds.single_choice };

/** One step of every kind, as an author writes it (a kind added to the schema does not compile until it has one). */
const examples: { [K in StepKind]: Extract<z.input<typeof stepSchema>, { kind: K }> } = {
  single_choice: { id: "single_choice", kind: "single_choice", title: "Where are you now?", options: ["working", "studying"].map((id) => ({ id, label: id })) },
  multiple_choice: { id: "multiple_choice", kind: "multiple_choice", title: "What matters?", options: ["pay", "people", "purpose"].map((id) => ({ id, label: id })) },
  likert: { id: "likert", kind: "likert", title: "I like building things", answers: "agree5" },
  slider: { id: "slider", kind: "slider", title: "Hours of sleep", min: 4, max: 10, step: 0.5 },
  short_text: { id: "short_text", kind: "short_text", title: "Your job", label: "Job" },
  info: { id: "info", kind: "info", title: "Halfway", body: ["Half done."] },
  name: { id: "name", kind: "name", title: "Your name", label: "First name" },
  email: { id: "email", kind: "email", title: "Your e-mail", label: "E-mail", consent: "Terms" },
  summary: { id: "summary", kind: "summary", title: "Your teaser" },
  preparing: { id: "preparing", kind: "preparing", title: "Analysing", messages: ["Counting"] },
  pre_checkout: { id: "pre_checkout", kind: "pre_checkout", title: "Your report", includes: [{ text: "Your scores", delivers: "account" }] },
  payment: { id: "payment", kind: "payment", title: "Pay" },
  result: { id: "result", kind: "result", title: "Your report" },
  feedback: { id: "feedback", kind: "feedback", title: "Thanks", question: "How was it?" },
};
const schemaKinds = stepSchema.options.map((o) => o.shape.kind.value);
const steps: Step[] = schemaKinds.map((kind) => stepSchema.parse(examples[kind]));
const answerSets = { agree5: [1, 2, 3, 4, 5].map((value) => ({ value, label: String(value) })) };
const OPERATORS = ["equals", "in", "answered"];

describe("every kind of the schema is described by its record", () => {
  it("the record has exactly the schema's kinds, in its order", () => {
    expect(kindNames).toEqual(schemaKinds);
  });

  it.each(steps.map((s) => [s.kind, s] as const))("%s: every trait is given, of its type", (_kind, step) => {
    const rules = rulesOf(step);
    for (const trait of ["question", "progress", "terminal", "reversible"] as const) expect(typeof rules[trait], trait).toBe("boolean");
    for (const fn of ["check", "scorable", "range", "number", "samples"] as const) expect(typeof rules[fn], fn).toBe("function");
    expect(rules.conditions.operators.every((o) => OPERATORS.includes(o))).toBe(true);
    expect(typeof rules.conditions.value).toBe("function");
    expect(typeof rules.conditions.matches).toBe("function");
  });

  it.each(steps.map((s) => [s.kind, s] as const))("%s: the traits agree with each other and with its answers", (_kind, step) => {
    const rules = rulesOf(step);
    // A terminal step ends the flow: it asks no question that would still be required.
    if (rules.terminal) expect(rules.question).toBe(false);
    // A question can be tested for an answer; equals and in come together.
    if (rules.question) expect(rules.conditions.operators).toContain("answered");
    expect(rules.conditions.operators.includes("equals")).toBe(rules.conditions.operators.includes("in"));
    // Every sample answer passes the kind's check, and a condition on a value it holds is lint-clean and matches it.
    for (const answer of rules.samples(step, answerSets)) {
      expect(rules.check(step, answer, answerSets), JSON.stringify(answer)).toMatchObject({ ok: true });
      if (!rules.conditions.operators.includes("equals") || answer === null) continue;
      const values = Array.isArray(answer) ? answer : [answer];
      for (const value of values) {
        if (typeof value !== "string" && typeof value !== "number") throw new Error(`${step.kind}: a compared answer is a string or a number`);
        expect(rules.conditions.value(step, value, answerSets), `${step.kind} = ${value}`).toBeNull();
        const scope = { steps: [step], answers: { [step.id]: answer }, variants: {}, scores: () => ({ scales: [], ranking: [] }) };
        expect(evaluateCondition({ equals: { step: step.id, value } }, scope), `${step.kind} = ${value}`).toBe(true);
      }
    }
  });

  it("a condition using an operator the kind does not accept is a problem, located, with what the kind accepts", () => {
    for (const step of steps) {
      const refused = OPERATORS.filter((o) => !rulesOf(step).conditions.operators.includes(o as never));
      for (const operator of refused) {
        const condition = operator === "answered" ? { answered: step.id } : operator === "equals" ? { equals: { step: step.id, value: "x" } } : { in: { step: step.id, values: ["x"] } };
        const from: Step = { id: "from", kind: "info", title: "From", body: ["x"], next: [{ if: condition, to: step.id }, { to: step.id }] };
        const input: LintInput = { steps: [from, step], ids: ["from", step.id], startPath: "/x", aliases: [], answerSets, scoring: undefined, experiments: [], complete: true };
        expect(conditionProblems(input), `${operator} on ${step.kind}`).toEqual([
          expect.objectContaining({ path: ["steps", 0, "next", 0, "if", operator], message: `a condition cannot use ${operator} on step "${step.id}" (${step.kind})` }),
        ]);
      }
    }
  });
});

describe("every list of kinds is read off the record", () => {
  it("questions, terminal kinds and the progress default", () => {
    expect(questionKinds).toEqual(kindNames.filter((k) => stepKinds[k].question));
    expect(terminalKinds).toEqual(kindNames.filter((k) => stepKinds[k].terminal));
    for (const step of steps) {
      expect(isQuestion(step)).toBe(stepKinds[step.kind].question);
      expect(isTerminal(step)).toBe(stepKinds[step.kind].terminal);
      expect(countsInProgress(step)).toBe(stepKinds[step.kind].progress);
      expect(countsInProgress({ ...step, progress: !stepKinds[step.kind].progress })).toBe(!stepKinds[step.kind].progress);
    }
  });
});

describe("the web has every kind", () => {
  it("a renderer and an effect per kind (src/web/funnel/steps/registry.ts)", () => {
    expect(Object.keys(stepRenderers).sort()).toEqual([...schemaKinds].sort());
    for (const step of steps) {
      const entry = stepRenderers[step.kind];
      expect("renderer" in entry || "load" in entry, step.kind).toBe(true);
      const effect = effectOf(step.kind);
      expect(Array.isArray(effect.needs(step)), step.kind).toBe(true);
      expect(effect.answer === "advance" || typeof effect.answer === "function", step.kind).toBe(true);
    }
  });

  it("a Storybook story per kind, in every state (src/web/funnel/steps/**/*.stories.tsx)", async () => {
    const dir = join(import.meta.dirname, "..", "..", "src", "web", "funnel", "steps");
    const files = await readdir(dir, { recursive: true });
    const stories = await Promise.all(files.filter((f) => f.endsWith(".stories.tsx")).map((f) => readFile(join(dir, f), "utf8")));
    const storied = new Set(stories.flatMap((text) => [...text.matchAll(/kind: "([a-z_]+)"/g)].map((m) => m[1])));
    expect(schemaKinds.filter((k) => !storied.has(k))).toEqual([]);
  });
});
