import { describe, expect, it } from "vitest";
import type { Experiment } from "#schemas/flow/experiments.ts";
import { assignVariant, assignVariants, stepForVariants, variantPath } from "./variant.ts";

const experiment = {
  id: "result_page",
  variants: [
    { id: "a", weight: 3 },
    { id: "b", weight: 1, paths: { result: "/get-result-b" } },
  ],
};

describe("experiment assignment", () => {
  it("gives the same visitor the same variant every time", () => {
    for (let i = 0; i < 50; i++) expect(assignVariant(`visitor-${i}`, experiment)).toBe(assignVariant(`visitor-${i}`, experiment));
  });

  it("splits visitors in proportion to the weights", () => {
    const counts = { a: 0, b: 0 } as Record<string, number>;
    for (let i = 0; i < 8000; i++) counts[assignVariant(`v${i}`, experiment)]! += 1;
    expect(counts.a! / 8000).toBeGreaterThan(0.72);
    expect(counts.a! / 8000).toBeLessThan(0.78);
  });

  it("never assigns a variant of weight 0, keeps an existing assignment and moves a step to its variant path", () => {
    const off = {
      id: "x",
      variants: [
        { id: "on", weight: 1 },
        { id: "off", weight: 0 },
      ],
    };
    for (let i = 0; i < 200; i++) expect(assignVariant(`v${i}`, off)).toBe("on");
    expect(assignVariants("v1", [experiment], { result_page: "b" })).toEqual({ result_page: "b" });
    expect(assignVariants("v1", [experiment], { result_page: "gone" }).result_page).toMatch(/^[ab]$/);
    expect(variantPath("result", "/get-result", [experiment], { result_page: "b" })).toBe("/get-result-b");
    expect(variantPath("result", "/get-result", [experiment], { result_page: "a" })).toBe("/get-result");
  });
});

describe("an experiment that is no longer running", () => {
  it("gives every new visitor the rolled-out variant, or the first variant once stopped, and keeps a visitor's earlier assignment", () => {
    const rolledOut: Experiment = { ...experiment, status: "rolled_out", rolled_out: "b" };
    const stopped: Experiment = { ...experiment, status: "stopped" };
    const visitors = Array.from({ length: 200 }, (_, i) => `v${i}`);
    // While it ran, both variants had visitors.
    expect(new Set(visitors.map((v) => assignVariant(v, experiment)))).toEqual(new Set(["a", "b"]));
    expect(new Set(visitors.map((v) => assignVariant(v, rolledOut)))).toEqual(new Set(["b"]));
    expect(new Set(visitors.map((v) => assignVariant(v, stopped)))).toEqual(new Set(["a"]));
    // A visitor mid-quiz in variant a finishes in a.
    expect(assignVariants("v1", [rolledOut], { result_page: "a" })).toEqual({ result_page: "a" });
  });
});

describe("a step as a variant shows it", () => {
  const layouts: Experiment = {
    id: "result_page",
    variants: [
      { id: "a", weight: 1 },
      { id: "cards", weight: 1, paths: { result: "/get-result-bingo" }, layouts: { result: "bingo" } },
      { id: "early", weight: 1, paths: { summary: "/get-result-early" }, layouts: { summary: "early" } },
    ],
  };
  const result = { id: "result", kind: "result", path: "/get-result", layout: "document" };
  const summary = { id: "summary", kind: "summary", path: "/summary", layout: "teaser" };

  it("moves it and changes its report layout for that variant only", () => {
    expect(stepForVariants(result, [layouts], { result_page: "cards" })).toEqual({ ...result, path: "/get-result-bingo", layout: "bingo" });
    expect(stepForVariants(result, [layouts], { result_page: "a" })).toBe(result);
    expect(stepForVariants(result, [layouts], { result_page: "early" })).toBe(result);
    expect(stepForVariants(summary, [layouts], { result_page: "early" })).toEqual({ ...summary, path: "/get-result-early", layout: "early" });
    expect(stepForVariants(summary, [layouts], {})).toBe(summary);
  });
});

describe("a variant's copy", () => {
  const question = {
    id: "stage",
    path: "/quiz/stage",
    kind: "single_choice" as const,
    title: "Where are you in your career?",
    layout: "list" as const,
    optional: false,
    options: [
      { id: "student", label: "Studying", value: 1 },
      { id: "working", label: "Working", value: 2 },
      { id: "switching", label: "Switching", value: 3 },
    ],
  };
  const copy: Experiment = {
    id: "wording",
    variants: [
      { id: "a", weight: 1 },
      {
        id: "b",
        weight: 1,
        steps: {
          stage: {
            title: "Which describes you best?",
            options: [
              { id: "switching", label: "Ready for a change" },
              { id: "working", label: undefined },
            ],
          },
        },
      },
    ],
  };

  it("replaces the words and shows the listed options in its order, relabelled, keeping their values", () => {
    const seen = stepForVariants(question, [copy], { wording: "b" });
    expect(seen.title).toBe("Which describes you best?");
    expect(seen.options).toEqual([
      { id: "switching", label: "Ready for a change", value: 3 },
      { id: "working", label: "Working", value: 2 },
    ]);
    expect(stepForVariants(question, [copy], { wording: "a" })).toBe(question);
  });
});
