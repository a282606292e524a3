import { flow as flowSchema, type FlowInput } from "#schemas/flow/flow.ts";
import type { CompiledFlow } from "./types.ts";

/** A CompiledFlow from an object, for engine unit tests (the real loader also lints and hashes). */
export function compiledForTest(input: FlowInput): CompiledFlow {
  const flow = flowSchema.parse(input);
  return {
    ...flow,
    hash: "test",
    file: "test.yaml",
    steps: flow.steps.map((s, i) => ({ ...s, path: s.path ?? (i === 0 ? flow.paths.start : `${flow.paths.start}/${s.id}`) })),
  };
}

/** A small flow with a branch, a likert scale with a reversed item, and an experiment. */
export const sampleFlow = (): CompiledFlow =>
  compiledForTest({
    code: "sample_flow",
    topic: "burnout",
    title: "Sample",
    version: 1,
    paths: { start: "/sample" },
    report: "sample_report",
    answerSets: { agree5: [1, 2, 3, 4, 5].map((value) => ({ value, label: `Point ${value}` })) },
    steps: [
      { id: "intro", kind: "info", title: "Hello", body: ["Five questions."], next: "role" },
      {
        id: "role",
        kind: "single_choice",
        title: "Your role?",
        options: [
          { id: "manager", label: "Manager" },
          { id: "individual", label: "Individual contributor" },
        ],
        next: [{ if: { equals: { step: "role", value: "manager" } }, to: "team" }, { to: "tired" }],
      },
      { id: "team", kind: "slider", title: "Team size", min: 1, max: 20, next: "tired" },
      { id: "tired", kind: "likert", title: "I feel tired", answers: "agree5", next: "rested" },
      {
        id: "rested",
        kind: "likert",
        title: "I feel rested",
        answers: "agree5",
        next: [{ if: { score: { scale: "strain", gte: 8 } }, to: "support" }, { to: "result" }],
      },
      { id: "support", kind: "info", title: "Support", body: ["Help is available."], next: "result" },
      { id: "result", kind: "result", title: "Your result" },
    ],
    scoring: {
      scales: [
        {
          id: "strain",
          name: "Strain",
          items: ["tired", { step: "rested", reverse: true }],
          bands: [
            { id: "low", from: 0, label: "Low" },
            { id: "high", from: 8, label: "High" },
          ],
        },
      ],
    },
    experiments: [
      {
        id: "result_page",
        variants: [
          { id: "a", weight: 1 },
          { id: "b", weight: 1, paths: { result: "/sample-result-b" } },
        ],
      },
    ],
  });
