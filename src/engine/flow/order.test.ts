import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { createFlowMachine, currentStep } from "./machine.ts";
import { drawOrder, inOrder, orderProblem } from "./order.ts";
import { compiledForTest } from "./test-flow.ts";

const options = (ids: string[]) => ids.map((id) => ({ id, label: `Label ${id}` }));
const letters = ["a", "b", "c", "d", "e", "f", "g", "h"];

/** An intro, a shuffled question keeping "none" last, a group of three questions, then a branch on one of them. */
const flow = () =>
  compiledForTest({
    code: "order_flow",
    topic: "career",
    title: "Order",
    version: 1,
    paths: { start: "/order" },
    report: "order_report",
    answerSets: { agree: [1, 2].map((value) => ({ value, label: `Point ${value}` })) },
    steps: [
      { id: "intro", kind: "info", title: "Hello", body: ["Hi."], next: "pick" },
      { id: "pick", kind: "multiple_choice", title: "Pick", shuffle: { keep_last: ["none"] }, options: options([...letters, "none"]), next: "q1" },
      { id: "q1", kind: "likert", answers: "agree", title: "One", shuffle_group: "items", next: "q2" },
      { id: "q2", kind: "likert", answers: "agree", title: "Two", shuffle_group: "items", next: "q3" },
      {
        id: "q3",
        kind: "likert",
        answers: "agree",
        title: "Three",
        shuffle_group: "items",
        next: [{ if: { equals: { step: "q1", value: 2 } }, to: "high" }, { to: "result" }],
      },
      { id: "high", kind: "info", title: "High", body: ["High."], next: "result" },
      { id: "result", kind: "result", title: "Result" },
    ],
  });

describe("drawOrder", () => {
  it("draws the same order from the same seed, and another from another seed", () => {
    expect(drawOrder(flow(), "session-1")).toEqual(drawOrder(flow(), "session-1"));
    // Seeds chosen once and kept: with 8 options drawn, these two sessions are known to differ.
    expect(drawOrder(flow(), "session-1").options.pick).not.toEqual(drawOrder(flow(), "session-2").options.pick);
  });

  it("keeps the options named by keep_last at the end, whatever the seed, and moves the others", () => {
    const firsts = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const order = drawOrder(flow(), `seed-${i}`);
      expect(order.options.pick!.at(-1)).toBe("none");
      expect([...order.options.pick!].sort()).toEqual([...letters, "none"].sort());
      firsts.add(order.options.pick![0]!);
      expect([...order.groups.items!].sort()).toEqual(["q1", "q2", "q3"]);
    }
    expect(firsts.size).toBeGreaterThan(3);
  });
});

describe("inOrder", () => {
  it("shows a question's options in the session's order", () => {
    const order = drawOrder(flow(), "session-1");
    const pick = inOrder(flow(), order).steps.find((s) => s.id === "pick")!;
    expect("options" in pick && pick.options.map((o) => o.id)).toEqual(order.options.pick);
  });

  it("asks a group in the session's order, then leaves it as the file's last step did", () => {
    const ordered = inOrder(flow(), { options: {}, groups: { items: ["q3", "q1", "q2"] } });
    const actor = createActor(createFlowMachine(ordered), { input: {} }).start();
    const seen = [currentStep(actor.getSnapshot())];
    for (const value of [null, ["a"], 1, 2, 1]) {
      actor.send({ type: "NEXT", value });
      seen.push(currentStep(actor.getSnapshot()));
    }
    // q1 answered 2 → the branch written on q3 (the file's last) sends the visitor to "high".
    expect(seen).toEqual(["intro", "pick", "q3", "q1", "q2", "high"]);
    actor.send({ type: "BACK" });
    actor.send({ type: "BACK" });
    expect(currentStep(actor.getSnapshot())).toBe("q1");
    // The questions are numbered in the order asked.
    expect(ordered.steps.map((s) => s.id)).toEqual(["intro", "pick", "q3", "q1", "q2", "high", "result"]);
  });

  it("resumes a session with the answers given so far at the first unanswered step of its order", () => {
    const ordered = inOrder(flow(), { options: {}, groups: { items: ["q2", "q3", "q1"] } });
    const actor = createActor(createFlowMachine(ordered), { input: { answers: { intro: null, pick: ["a"], q2: 1 } } }).start();
    expect(currentStep(actor.getSnapshot())).toBe("q3");
  });
});

describe("orderProblem", () => {
  it("accepts an order the flow draws and refuses one it could not", () => {
    const good = drawOrder(flow(), "x");
    expect(orderProblem(flow(), good)).toBeNull();
    expect(orderProblem(flow(), { ...good, options: { ...good.options, other: ["a", "b"] } })).toEqual([
      "options.other",
      'order_flow shuffles no options of a question "other"',
    ]);
    expect(orderProblem(flow(), { ...good, options: { pick: ["a", "a", "b", "c", "d", "e", "f", "g", "none"] } })?.[0]).toBe("options.pick");
    expect(orderProblem(flow(), { ...good, options: { pick: ["none", ...letters] } })).toEqual(["options.pick", "must end with none: the options kept last"]);
    expect(orderProblem(flow(), { ...good, groups: {} })).toEqual(["groups.items", 'the order of "items" is missing']);
  });
});
