import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { loadFlow } from "../load/load-flow.ts";

const choice = (id: string, next: unknown, extra: Record<string, unknown> = {}) => ({
  id,
  kind: "single_choice",
  title: id,
  options: [
    { id: "a", label: "A" },
    { id: "b", label: "B" },
    { id: "none", label: "None of these" },
  ],
  next,
  ...extra,
});
const info = (id: string, next: unknown, extra: Record<string, unknown> = {}) => ({ id, kind: "info", title: id, body: ["text"], next, ...extra });

/** A flow file: an intro, a question that branches to "side" or straight on, then `later` and a result. */
const file = (later: Record<string, unknown>, extra: { steps?: unknown[]; experiments?: unknown } = {}) =>
  stringify({
    code: "pipe_flow",
    topic: "career",
    title: "Pipes",
    version: 1,
    paths: { start: "/pipes" },
    report: "pipe_report",
    steps: extra.steps ?? [
      info("intro", "role"),
      choice("role", [{ if: { equals: { step: "role", value: "a" } }, to: "side" }, { to: "later" }]),
      choice("side", "later"),
      { ...info("later", "result"), ...later },
      { id: "result", kind: "result", title: "Result" },
    ],
    ...(extra.experiments ? { experiments: extra.experiments } : {}),
  });

/** Each problem as `line:column path: message`. */
const problems = (text: string) => {
  const r = loadFlow("f.yaml", text);
  return r.ok ? [] : r.problems.map((p) => `${p.line}:${p.column} ${p.path} [${p.stepId}]: ${p.message}`);
};
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("flows:check on pipes", () => {
  it("accepts a pipe to a step answered on every way, and one with a fallback to a step some ways skip", () => {
    expect(problems(file({ title: "You chose {{role}}", subtitle: "And {{side | nothing else}}" }))).toEqual([]);
  });

  it("refuses, located, a pipe to a step some ways do not pass, and says how to fix it", () => {
    const text = file({ title: "You chose {{side}}" });
    expect(problems(text)).toEqual([
      `${lineOf(text, "You chose {{side}}")}:12 steps.3.title [later]: {{side}}: step "side" is not answered on every way to step "later", so some visitors would read a gap`,
    ]);
  });

  it("refuses a pipe to an unknown step, to a step that asks nothing, to its own step, and braces that are no pipe", () => {
    const text = file({ title: "{{rol}} {{intro}} {{later}}", subtitle: "{{Role}}" });
    expect(problems(text).map((p) => p.replace(/^\d+:\d+ /, ""))).toEqual([
      'steps.3.title [later]: {{rol}} pipes unknown step "rol"',
      'steps.3.title [later]: {{intro}}: step "intro" (info) has no answer to show',
      "steps.3.title [later]: {{later}}: a step cannot show its own answer",
      'steps.3.subtitle [later]: "{{Role}}" is not a pipe',
    ]);
  });

  it("refuses a pipe without fallback to a question that may be skipped", () => {
    expect(problems(file({ title: "{{role}}" }, { steps: undefined })).length).toBe(0);
    const steps = [
      info("intro", "role"),
      choice("role", "later", { optional: true }),
      info("later", "result", { title: "You chose {{role}}" }),
      { id: "result", kind: "result", title: "Result" },
    ];
    expect(problems(file({}, { steps }))).toEqual([expect.stringContaining('step "role" is not answered on every way to step "later" (it may be skipped)')]);
  });

  it("checks a variant's copy of a step as the step's own words", () => {
    const text = file(
      {},
      {
        experiments: [
          {
            id: "copy",
            variants: [
              { id: "a", weight: 1 },
              { id: "b", weight: 1, steps: { later: { title: "Still {{side}}" } } },
            ],
          },
        ],
      },
    );
    expect(problems(text)).toEqual([
      `${lineOf(text, "Still {{side}}")}:20 experiments.0.variants.1.steps.later.title [later]: {{side}}: step "side" is not answered on every way to step "later", so some visitors would read a gap`,
    ]);
  });
});

describe("flows:check on shuffles", () => {
  const steps = (role: Record<string, unknown>, more: unknown[] = []) => [
    info("intro", "role"),
    choice("role", "later", role),
    ...more,
    info("later", "result"),
    { id: "result", kind: "result", title: "Result" },
  ];

  it("accepts a shuffled question keeping an option last", () => {
    expect(problems(file({}, { steps: steps({ shuffle: { keep_last: ["none"] } }) }))).toEqual([]);
  });

  it("refuses, located, a kept-last id that is no option, and a shuffle on the first step", () => {
    const text = file({}, { steps: steps({ shuffle: { keep_last: ["nnoe"] } }) });
    expect(problems(text)).toEqual([`${lineOf(text, "- nnoe")}:11 steps.1.shuffle.keep_last.0 [role]: "nnoe" is not an option of step "role"`]);
    const first = file({}, { steps: [choice("role", "later", { shuffle: true }), info("later", "result"), { id: "result", kind: "result", title: "R" }] });
    expect(problems(first)).toEqual([expect.stringContaining('steps.0.shuffle [role]: the first step "role" cannot shuffle: it is the landing page')]);
  });

  it("refuses a group whose steps do not lead one to the next, or that is entered in its middle", () => {
    const text = file(
      {},
      {
        steps: [
          info("intro", [{ if: { variant: { experiment: "e", is: "b" } }, to: "q2" }, { to: "q1" }]),
          choice("q1", "q3", { shuffle_group: "items" }),
          choice("q2", "q3", { shuffle_group: "items" }),
          choice("q3", "result", { shuffle_group: "items" }),
          { id: "result", kind: "result", title: "Result" },
        ],
        experiments: [
          {
            id: "e",
            variants: [
              { id: "a", weight: 1 },
              { id: "b", weight: 1 },
            ],
          },
        ],
      },
    );
    expect(problems(text).map((p) => p.replace(/^\d+:\d+ /, ""))).toEqual([
      'steps.0.next.0.to [intro]: "q2" is inside shuffle group "items": the group is entered at its first step',
      'steps.1.next [q1]: shuffle group "items": step "q1" must lead straight to "q2" (the group\'s last step alone may branch)',
    ]);
  });
});
