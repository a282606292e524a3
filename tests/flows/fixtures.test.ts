import { kindNames } from "#engine/flow/kinds/index.ts";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import type { Problem } from "#engine/yaml/parse-located.ts";

/** The kinds a problem lists, in the kinds record's order (src/engine/flow/kinds/index.ts). */
const KINDS = kindNames.join(", ");

const dir = join(import.meta.dirname, "..", "fixtures", "flows");
const read = async (name: string) => {
  const path = join(dir, name);
  return { file: relative(process.cwd(), path), text: await readFile(path, "utf8") };
};

type Expected = Omit<Problem, "file" | "message"> & { message: string | RegExp };

/** One broken file per kind of mistake: the one problem it must report, exactly where. */
const cases: Record<string, Expected> = {
  "bad-yaml-syntax.yaml": {
    line: 14,
    column: 1,
    path: "",
    message: "this line's indentation does not match the lines around it",
    hint: "indent the keys of one block by the same number of spaces",
  },
  "unknown-key.yaml": { line: 13, column: 5, path: "steps.0.tilte", stepId: "intro", message: 'unknown key "tilte"', hint: 'did you mean "title"?' },
  "unknown-kind.yaml": {
    line: 12,
    column: 11,
    path: "steps.0.kind",
    stepId: "intro",
    message: 'unknown step kind "infoo"',
    hint: `did you mean "info"? kinds: ${KINDS}`,
  },
  "wrong-type.yaml": { line: 13, column: 12, path: "steps.0.title", stepId: "intro", message: "expected string or object, received number" },
  "unknown-target.yaml": { line: 17, column: 11, path: "steps.0.next", stepId: "likes-building", message: 'unknown step "reslt" in next', hint: 'did you mean "result"?' },
  "duplicate-step-id.yaml": { line: 18, column: 9, path: "steps.1.id", stepId: "likes-building", message: 'step id "likes-building" is already used by steps.0', hint: "each step needs its own id" },
  "duplicate-option-id.yaml": { line: 16, column: 15, path: "steps.0.options.1.id", stepId: "stage", message: 'option id "working" is already used by options.0 of this step' },
  "duplicate-path.yaml": { line: 22, column: 9, path: "steps.2.id", stepId: "result", message: 'path /fx/duplicate-path/result is already used by steps.1.path (step "more")', hint: "give this step its own path" },
  "unreachable-step.yaml": { line: 18, column: 9, path: "steps.1.id", stepId: "forgotten", message: 'step "forgotten" is never reached from the start', hint: "point a next at it, or remove it" },
  "dead-end.yaml": { line: 21, column: 9, path: "steps.1.id", stepId: "stuck", message: 'step "stuck" (info) has no next and does not end the flow', hint: "add next, or end with a result or feedback step" },
  "loop-without-exit.yaml": { line: 25, column: 11, path: "steps.1.next", stepId: "ping", message: "loop with no exit: ping → pong → ping never reaches a result or feedback step", hint: "give one of these steps a branch that leaves the loop" },
  "no-result.yaml": { line: 21, column: 9, path: "steps.1.id", stepId: "thanks", message: 'from step "thanks" no way leads to a result step', hint: "lead every way through the flow to a result step" },
  "unknown-condition-step.yaml": { line: 18, column: 25, path: "steps.0.next.0.if.answered", stepId: "likes-building", message: 'unknown step "likes-buildin" in condition', hint: 'did you mean "likes-building"?' },
  "unknown-option.yaml": { line: 18, column: 54, path: "steps.0.next.0.if.equals.value", stepId: "likes-building", message: '"lot" is not an option of step "likes-building"', hint: 'did you mean "lots"?' },
  "unknown-scale.yaml": { line: 18, column: 31, path: "steps.0.next.0.if.score.scale", stepId: "likes-building", message: 'unknown scale "practicl"', hint: 'did you mean "practical"?' },
  "branch-without-if.yaml": { line: 18, column: 9, path: "steps.0.next.0", stepId: "likes-building", message: "only the last branch may leave out `if`: the branches after it are never tried", hint: "move this branch to the end" },
  "last-branch-with-if.yaml": { line: 18, column: 13, path: "steps.0.next.0.if", stepId: "likes-building", message: "the last branch must have no `if`: it is where the step goes when no condition holds", hint: "add a final `- to: <step>`" },
  "unknown-answer-set.yaml": { line: 19, column: 14, path: "steps.0.answers", stepId: "hands", message: 'unknown answer set "agree"', hint: 'did you mean "agree5"?' },
  "scoring-unknown-step.yaml": { line: 25, column: 15, path: "scoring.scales.0.items.0", message: 'unknown step "likes-buildin" in scale "practical"', hint: 'did you mean "likes-building"?' },
  "scoring-no-number.yaml": { line: 23, column: 15, path: "scoring.scales.0.items.0", message: 'step "name" (name) gives no number to score', hint: "score a single_choice, multiple_choice, likert, slider step (a choice only when every option has a value)" },
  "reverse-unknown-range.yaml": { line: 26, column: 35, path: "scoring.scales.0.items.0.reverse", message: 'cannot reverse step "tools": the range of its answers is not known', hint: "reverse works on single_choice, likert, slider steps with values" },
  "summary-unknown-scale.yaml": { line: 21, column: 25, path: "steps.1.scales.1", stepId: "summary", message: 'unknown scale "creativ"', hint: 'did you mean "creative"?' },
  "experiment-unknown-step.yaml": { line: 28, column: 11, path: "experiments.0.variants.1.paths.reslt", message: 'unknown step "reslt" in variant paths', hint: 'did you mean "result"?' },
  "layout-on-question.yaml": {
    line: 28,
    column: 11,
    path: "experiments.0.variants.1.layouts.likes-building",
    message: 'step "likes-building" is a single_choice step and shows no report',
    hint: "only summary and result steps have a layout",
  },
  "layout-wrong-kind.yaml": {
    line: 28,
    column: 19,
    path: "experiments.0.variants.1.layouts.result",
    message: 'a result step cannot use the layout "early"',
    hint: "use one of document, accordion, tabs, guided, split, highlights, bingo, bingo-v2, reading",
  },
  "multiple-choice-min-max.yaml": { line: 17, column: 10, path: "steps.0.min", stepId: "tools", message: "min (2) is greater than max (1)" },
  "variant-copy-wrong-field.yaml": {
    line: 29,
    column: 13,
    path: "experiments.0.variants.1.steps.stage.body",
    message: "a single_choice step has no body for a variant to change",
  },
  "variant-condition-unknown.yaml": {
    line: 16,
    column: 48,
    path: "steps.0.next.0.if.variant.is",
    stepId: "intro",
    message: 'experiment "tour" has no variant "c"',
    hint: "variants: a, b",
  },
  "payment-without-email.yaml": {
    line: 32,
    column: 9,
    path: "steps.3.id",
    stepId: "pay",
    message: `payment step "pay" can be reached without an email step before it: the checkout needs the visitor's e-mail`,
    hint: "put an email step on every way to the payment step",
  },
  "preparing-before-email.yaml": {
    line: 30,
    column: 9,
    path: "steps.3.id",
    stepId: "pay",
    message: `payment step "pay" is reached with the quiz unfinished: on the way stage → scoring → email → pay, no preparing step comes after the last question ("email"), so the checkout refuses every visitor there (quiz_incomplete)`,
    hint: `put a preparing step after "email" and before "pay": it completes the quiz`,
  },
  "no-preparing.yaml": {
    line: 25,
    column: 9,
    path: "steps.2.id",
    stepId: "pay",
    message: `payment step "pay" is reached with the quiz unfinished: on the way stage → email → pay, no preparing step comes after the last question ("email"), so the checkout refuses every visitor there (quiz_incomplete)`,
    hint: `put a preparing step after "email" and before "pay": it completes the quiz`,
  },
  "preparing-on-one-branch.yaml": {
    line: 33,
    column: 9,
    path: "steps.3.id",
    stepId: "pay",
    message: `payment step "pay" is reached with the quiz unfinished: on the way email → hurry → pay, no preparing step comes after the last question ("hurry"), so the checkout refuses every visitor there (quiz_incomplete)`,
    hint: `put a preparing step after "hurry" and before "pay": it completes the quiz`,
  },
  "duplicate-variant-id.yaml": {
    line: 23,
    column: 15,
    path: "experiments.0.variants.1.id",
    message: 'variant id "a" is already used by variants.0 of this experiment',
    hint: "each variant needs its own id: visitors are assigned by it",
  },
  "rolled-out-unknown-variant.yaml": {
    line: 24,
    column: 17,
    path: "experiments.0.rolled_out",
    message: 'experiment "result-page" has no variant "bee" to roll out',
    hint: "its variants are: a, b",
  },
  "slider-initial-outside.yaml": {
    line: 16,
    column: 14,
    path: "steps.0.initial",
    stepId: "evenings",
    message: "initial 9 is outside the slider's range 0–7",
    hint: "choose a value from 0 to 7, or leave initial out",
  },
  "likert-text-value.yaml": {
    line: 23,
    column: 45,
    path: "steps.0.next.0.if.equals.value",
    stepId: "hands",
    message: '"4" is text, but step "hands" (likert) answers with a number, so this never matches',
    hint: "write 4 without quotes",
  },
  "score-before-items.yaml": {
    line: 23,
    column: 31,
    path: "steps.0.next.0.if.score.scale",
    stepId: "intro",
    message: 'scale "strain" is read at step "intro" before any of its items is asked, so its score here is always 0',
    hint: "move the branch to a step after the scale's last item",
  },
  "unreachable-band.yaml": {
    line: 39,
    column: 31,
    path: "scoring.scales.0.bands.2.from",
    message: 'band "severe" starts at 12, above the highest score scale "strain" can reach (10)',
    hint: "lower its from, or remove the band",
  },
};

describe("broken flow fixtures: each reports its problem at the right place", () => {
  it.each(Object.entries(cases))("%s", async (name, expected) => {
    const { file, text } = await read(name);
    const result = loadFlow(file, text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const { message, ...place } = expected;
    const first = result.problems[0]!;
    expect(first).toEqual({ file, ...place, message: expect.stringMatching(typeof message === "string" ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : message) });
    // Each reports exactly its one mistake (a syntax error too: the parser's follow-on errors are not told).
    if (!["multiple-choice-min-max.yaml", "wrong-type.yaml"].includes(name)) expect(result.problems).toHaveLength(1);
  });

  it("an unknown scale no name is close to: the flow's scales, as the report template check lists them", async () => {
    const { file, text } = await read("unknown-scale.yaml");
    const result = loadFlow(file, text.replace("scale: practicl", "scale: stress"));
    expect(result.ok ? [] : result.problems).toEqual([
      { file, line: 18, column: 31, path: "steps.0.next.0.if.score.scale", stepId: "likes-building", message: 'unknown scale "stress"', hint: "its scales are: practical" },
    ]);
  });

  it("multiple_choice max above the number of options", async () => {
    const { file, text } = await read("multiple-choice-min-max.yaml");
    const result = loadFlow(file, text);
    expect(result.ok ? [] : result.problems).toEqual([
      expect.objectContaining({ path: "steps.0.min", line: 17, column: 10 }),
      { file, line: 26, column: 10, path: "steps.1.max", stepId: "tools-again", message: "max (3) is more than the 2 options" },
    ]);
  });

  it("a string where a number goes, in the same file as the number where text goes", async () => {
    const { file, text } = await read("wrong-type.yaml");
    const result = loadFlow(file, text);
    expect(result.ok ? [] : result.problems.slice(1)).toEqual([
      { file, line: 19, column: 10, path: "steps.1.min", stepId: "slider", message: "Invalid input: expected number, received string" },
    ]);
  });

  it("a file with several different mistakes reports all of them, in file order", async () => {
    const { file, text } = await read("several-problems.yaml");
    const result = loadFlow(file, text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.line, p.column, p.path, p.stepId, p.message, p.hint])).toEqual([
      [14, 5, "steps.0.colour", "intro", 'unknown key "colour"', undefined],
      [16, 11, "steps.0.next", "intro", 'unknown step "likes-buildin" in next', 'did you mean "likes-building"?'],
      [22, 15, "steps.1.options.1.id", "likes-building", 'option id "lots" is already used by options.0 of this step', undefined],
      [24, 54, "steps.1.next.0.if.equals.value", "likes-building", '"lot" is not an option of step "likes-building"', 'did you mean "lots"?'],
      [26, 13, "steps.1.next.1.to", "likes-building", 'unknown step "reslt" in next', 'did you mean "result"?'],
      [30, 14, "steps.2.answers", "hands", 'unknown answer set "agree5"', "declare it under answerSets"],
    ]);
    // The schema problem (unknown key) did not hide the reference problems found after it.
  });
});

describe("problems between flows", () => {
  it("two flows claiming one path: the second is told which flow and line has it", async () => {
    const a = await read("path-clash-a.yaml");
    const b = await read("path-clash-b.yaml");
    const { flows, problems } = checkFlows([a, b]);
    expect(problems).toEqual([
      { file: b.file, line: 19, column: 11, path: "steps.1.path", stepId: "result", message: `path /fx/shared-result is already used by flow "fx_path_clash_a" (${a.file}:19:11)`, hint: "give one of the flows another path" },
      { file: b.file, line: 9, column: 9, path: "report", message: `path /getquiz/fx_report is already used by flow "fx_path_clash_a" (${a.file}:9:9)`, hint: "give one of the flows another path" },
    ]);
    expect(flows.map((f) => f.code)).toEqual(["fx_path_clash_a"]);
  });

  it("two flows with one code", async () => {
    const a = await read("duplicate-code-a.yaml");
    const b = await read("duplicate-code-b.yaml");
    const { problems } = checkFlows([a, b]);
    expect(problems).toEqual([
      { file: b.file, line: 3, column: 7, path: "code", message: `flow code "fx_duplicate_code" is already used by ${a.file}`, hint: "each flow needs its own code" },
    ]);
  });

  it("a step at a path the app shell keeps for itself", async () => {
    const { problems } = checkFlows([await read("reserved-path.yaml")]);
    expect(problems).toEqual([expect.objectContaining({ line: 19, column: 11, path: "steps.1.path", stepId: "result", message: "path /pricing is reserved by the app" })]);
  });

  it("the valid fixtures pass together", async () => {
    const { flows, problems } = checkFlows([await read("valid-small.yaml")]);
    expect(problems).toEqual([]);
    expect(flows).toHaveLength(1);
  });
});
