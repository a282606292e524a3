import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { createFlowMachine, currentStep } from "./machine.ts";
import { compiledForTest, sampleFlow } from "./test-flow.ts";
import type { FlowInput } from "./types.ts";

const start = (input: FlowInput = {}) => createActor(createFlowMachine(sampleFlow()), { input }).start();

describe("a compiled flow machine", () => {
  it("starts at the first step and follows a condition on the answer just given", () => {
    const actor = start();
    expect(currentStep(actor.getSnapshot())).toBe("intro");
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT", value: "manager" });
    expect(currentStep(actor.getSnapshot())).toBe("team");
    expect(actor.getSnapshot().value).toBe("team");
  });

  it("a branch can read the visitor's variant: variant b sees an extra step, a goes straight on", () => {
    const flow = compiledForTest({
      code: "variant_branch",
      topic: "career",
      title: "Variant branch",
      version: 1,
      paths: { start: "/variant-branch" },
      report: "variant_report",
      steps: [
        { id: "intro", kind: "info", title: "Hi", body: ["x"], next: [{ if: { variant: { experiment: "tour", is: "b" } }, to: "tour" }, { to: "result" }] },
        { id: "tour", kind: "info", title: "How it works", body: ["y"], next: "result" },
        { id: "result", kind: "result", title: "Result" },
      ],
      experiments: [
        {
          id: "tour",
          variants: [
            { id: "a", weight: 1 },
            { id: "b", weight: 1 },
          ],
        },
      ],
    });
    const walk = (variant: string) => {
      const actor = createActor(createFlowMachine(flow), { input: { variants: { tour: variant } } }).start();
      actor.send({ type: "NEXT" });
      return currentStep(actor.getSnapshot());
    };
    expect(walk("b")).toBe("tour");
    expect(walk("a")).toBe("result");
  });

  it("skips the branch when the condition does not hold", () => {
    const actor = start();
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT", value: "individual" });
    expect(actor.getSnapshot().value).toBe("tired");
  });

  it("branches on a score: high strain shows the support step, low strain goes straight to the result", () => {
    const high = start();
    for (const value of [null, "individual", 5, 1]) high.send({ type: "NEXT", value });
    expect(high.getSnapshot().value).toBe("support");
    const low = start();
    for (const value of [null, "individual", 1, 5]) low.send({ type: "NEXT", value });
    expect(low.getSnapshot().value).toBe("result");
  });

  it("goes back along the trail and keeps the answers; answering the same again keeps the way forward", () => {
    const actor = start();
    for (const value of [null, "manager", 4]) actor.send({ type: "NEXT", value });
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().value).toBe("team");
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().value).toBe("role");
    expect(actor.getSnapshot().context.answers.team).toBe(4);
    actor.send({ type: "GO_TO", step: "tired" });
    expect(actor.getSnapshot().value).toBe("tired");
  });

  it("changing an earlier answer drops the steps that no longer follow from it", () => {
    const actor = start();
    for (const value of [null, "manager", 4]) actor.send({ type: "NEXT", value });
    actor.send({ type: "GO_TO", step: "role" });
    actor.send({ type: "NEXT", value: "individual" });
    expect(actor.getSnapshot().value).toBe("tired");
    expect(actor.getSnapshot().context.trail).toEqual(["intro", "role", "tired"]);
    actor.send({ type: "GO_TO", step: "team" });
    expect(actor.getSnapshot().value).toBe("tired");
  });

  it("refuses to jump to a step not reached yet", () => {
    const actor = start();
    actor.send({ type: "GO_TO", step: "result" });
    expect(actor.getSnapshot().value).toBe("intro");
  });

  it("resumes at the first unanswered step from earlier answers", () => {
    const actor = start({ answers: { intro: null, role: "individual", tired: 3 } });
    expect(actor.getSnapshot().value).toBe("rested");
    expect(actor.getSnapshot().context.trail).toEqual(["intro", "role", "tired", "rested"]);
  });

  it("ignores answers to steps that no longer exist when resuming", () => {
    const actor = start({ answers: { intro: null, removed_step: "x", role: "individual" } });
    expect(actor.getSnapshot().value).toBe("tired");
  });

  it("restores from a persisted snapshot", () => {
    const machine = createFlowMachine(sampleFlow());
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT", value: "manager" });
    const saved = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as ReturnType<typeof actor.getPersistedSnapshot>;
    const restored = createActor(machine, { snapshot: saved, input: {} }).start();
    expect(restored.getSnapshot().value).toBe("team");
    expect(restored.getSnapshot().context.answers.role).toBe("manager");
  });

  it("records the answer of the last step without leaving it", () => {
    const actor = start({ answers: { intro: null, role: "individual", tired: 1, rested: 5 } });
    expect(actor.getSnapshot().value).toBe("result");
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().value).toBe("result");
    expect(actor.getSnapshot().context.answers).toHaveProperty("result", null);
  });

  it("Back from the step after a preparing screen passes it by: the screen would send the visitor straight forward again", () => {
    const flow = compiledForTest({
      code: "back_past_preparing",
      topic: "career",
      title: "Back past preparing",
      version: 1,
      paths: { start: "/back-past" },
      report: "back_report",
      steps: [
        { id: "intro", kind: "info", title: "Hi", body: ["x"], next: "name" },
        { id: "name", kind: "name", title: "Your first name", label: "First name", next: "analyzing" },
        { id: "analyzing", kind: "preparing", title: "Preparing", messages: ["Adding up"], next: "done" },
        { id: "done", kind: "result", title: "Result" },
      ],
    });
    const actor = createActor(createFlowMachine(flow), { input: {} }).start();
    for (const value of [null, "Ada", null]) actor.send({ type: "NEXT", value });
    expect(currentStep(actor.getSnapshot())).toBe("done");
    actor.send({ type: "BACK" });
    expect(currentStep(actor.getSnapshot())).toBe("name");
    actor.send({ type: "BACK" });
    expect(currentStep(actor.getSnapshot())).toBe("intro");
  });
});
