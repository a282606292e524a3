import { describe, expect, it } from "vitest";
import type { Experiment } from "#schemas/flow/experiments.ts";
import { chosenVariants, variantChanges } from "./preview-variants.ts";

const experiments: Experiment[] = [
  {
    id: "result_page",
    variants: [
      { id: "a", weight: 1 },
      { id: "bingo", weight: 1, paths: { result: "/get-result-bingo" }, layouts: { result: "bingo" } },
    ],
  },
  {
    id: "intro_copy",
    variants: [
      { id: "plain", weight: 1 },
      { id: "warm", weight: 1, steps: { intro: { title: "Welcome in", options: [{ id: "x" }, { id: "y" }] } } },
    ],
  },
];

describe("chosenVariants", () => {
  it("gives every experiment its first variant when none is named", () => {
    expect(chosenVariants(experiments, [])).toEqual({ ok: true, variants: { result_page: "a", intro_copy: "plain" } });
  });

  it("takes the variants named, and the first for the others", () => {
    expect(chosenVariants(experiments, ["result_page:bingo"])).toEqual({ ok: true, variants: { result_page: "bingo", intro_copy: "plain" } });
  });

  it.each([
    ["bingo", /“bingo” is not a variant: write it as experiment:variant/],
    ["result_page:", /not a variant/],
    ["Result_Page:bingo", /not a variant/],
    ["colour:red", /no experiment “colour”\. Its experiments are “result_page”, “intro_copy”/],
    ["result_page:z", /Experiment “result_page” has no variant “z”\. Its variants are “a”, “bingo”/],
  ])("says what is wrong with %s", (param, problem) => {
    const chosen = chosenVariants(experiments, [param]);
    expect(chosen.ok).toBe(false);
    expect(!chosen.ok && chosen.problem).toMatch(problem);
  });

  it("refuses one experiment named as two variants", () => {
    const chosen = chosenVariants(experiments, ["result_page:a", "result_page:bingo"]);
    expect(!chosen.ok && chosen.problem).toMatch(/named twice, as “a” and “bingo”/);
  });

  it("says a flow without experiments has none", () => {
    const chosen = chosenVariants([], ["result_page:a"]);
    expect(!chosen.ok && chosen.problem).toMatch(/it runs no experiments/);
  });
});

describe("variantChanges", () => {
  it("names what a variant changes about a step, or nothing", () => {
    expect(variantChanges("result", experiments[0]!, "bingo")).toBe("its layout (bingo) and its path (/get-result-bingo)");
    expect(variantChanges("result", experiments[0]!, "a")).toBeNull();
    expect(variantChanges("intro", experiments[1]!, "warm")).toBe("its words and options");
    expect(variantChanges("intro", experiments[0]!, "bingo")).toBeNull();
  });
});
