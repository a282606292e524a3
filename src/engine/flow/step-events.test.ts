import { describe, expect, it } from "vitest";
import { loadFlow } from "./load/load-flow.ts";

/** A small scored flow whose summary step carries `events` (written as YAML, so lines are known). */
const flowWith = (events: string) => `code: test_flow
topic: career
title: Test
version: 1
paths: { start: /quiz/test_flow }
report: test_report
answerSets:
  agree2: [{ value: 0, label: "No" }, { value: 1, label: "Yes" }]
steps:
  - { id: q1, kind: likert, answers: agree2, title: Question, next: summary }
  - id: summary
    kind: summary
    title: Your result
${events}
    next: result
  - { id: result, kind: result, title: Result }
scoring:
  interpretation: levels
  scales:
    - id: drive
      name: Drive
      description: How driven
      items: [q1]
      method: sum
`;

const problemsOf = (events: string) => {
  const r = loadFlow("flows/t.yaml", flowWith(events));
  return r.ok ? [] : r.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.path} (${p.stepId}) ${p.message}`);
};

describe("a step's own events", () => {
  it("are accepted with GA4 names and the flow's conditions, and kept in the compiled flow", () => {
    const r = loadFlow(
      "flows/t.yaml",
      flowWith(`    events:
      - { name: result_band_high, when: { score: { scale: drive, gte: 1 } } }
      - name: Summary_Seen2`),
    );
    expect(r.ok && r.value.steps[1]!.events).toEqual([{ name: "result_band_high", when: { score: { scale: "drive", gte: 1 } } }, { name: "Summary_Seen2" }]);
  });

  it("refuse names GA4 would not take, each at its own line", () => {
    expect(
      problemsOf(`    events:
      - name: 1st_view
      - name: result-band
      - name: ${"a".repeat(41)}
      - name: ga_session`),
    ).toEqual([
      "flows/t.yaml:15:15 steps.1.events.0.name (summary) an event name has a letter first, then letters, digits and _, at most 40 characters (GA4's rule)",
      "flows/t.yaml:16:15 steps.1.events.1.name (summary) an event name has a letter first, then letters, digits and _, at most 40 characters (GA4's rule)",
      "flows/t.yaml:17:15 steps.1.events.2.name (summary) an event name has a letter first, then letters, digits and _, at most 40 characters (GA4's rule)",
      "flows/t.yaml:18:15 steps.1.events.3.name (summary) GA4 keeps names starting with ga_, google_, firebase_ for itself; choose another",
    ]);
  });

  it("refuse a name of the conversion vocabulary, in any case, and a name listed twice", () => {
    expect(
      problemsOf(`    events:
      - name: purchase
      - name: Generate_Lead
      - name: StartTrial
      - name: seen
      - name: seen`),
    ).toEqual([
      "flows/t.yaml:15:15 steps.1.events.0.name (summary) this name belongs to a conversion event the product sends itself (schemas/conversions/events.ts); choose another",
      "flows/t.yaml:16:15 steps.1.events.1.name (summary) this name belongs to a conversion event the product sends itself (schemas/conversions/events.ts); choose another",
      "flows/t.yaml:17:15 steps.1.events.2.name (summary) this name belongs to a conversion event the product sends itself (schemas/conversions/events.ts); choose another",
      'flows/t.yaml:19:15 steps.1.events.4.name (summary) event "seen" is already listed on this step',
    ]);
  });

  it("have their conditions checked like a branch's: unknown scales and steps, misspelt keys", () => {
    expect(
      problemsOf(`    events:
      - name: high
        when: { score: { scale: driv, gte: 1 } }
      - name: answered
        when: { answered: q2 }`),
    ).toEqual([
      'flows/t.yaml:16:33 steps.1.events.0.when.score.scale (summary) unknown scale "driv"',
      'flows/t.yaml:18:27 steps.1.events.1.when.answered (summary) unknown step "q2" in condition',
    ]);
    expect(
      problemsOf(`    events:
      - name: typo
        when: { equal: { step: q1, value: 1 } }`),
    ).toEqual(['flows/t.yaml:16:17 steps.1.events.0.when.equal (summary) unknown key "equal"']);
  });

  it("refuse a score read on the step that asks the scale's last item: it is shown before its answer", () => {
    const r = loadFlow(
      "flows/t.yaml",
      flowWith("").replace(
        "{ id: q1, kind: likert, answers: agree2, title: Question, next: summary }",
        "{ id: q1, kind: likert, answers: agree2, title: Question, next: summary, events: [{ name: early, when: { score: { scale: drive, gte: 1 } } }] }",
      ),
    );
    expect(r.ok ? [] : r.problems.map((p) => [p.path, p.message, p.hint])).toEqual([
      [
        "steps.0.events.0.when.score.scale",
        'scale "drive" is read at step "q1" before any of its items is asked, so its score here is always 0',
        "move the event to a step after the scale's last item",
      ],
    ]);
  });
});
