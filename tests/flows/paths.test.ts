import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { getShortestPaths } from "xstate/graph";
import type { Condition } from "#schemas/flow/condition.ts";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { createFlowMachine, currentStep, type FlowSnapshot } from "#engine/flow/machine.ts";
import { drawOrder, inOrder, shuffleGroups } from "#engine/flow/order.ts";
import { sampleAnswers } from "#engine/flow/sample-answers.ts";
import type { CompiledFlow, FlowEvent } from "#engine/flow/types.ts";
import { validateAnswer } from "#engine/flow/validate-answer.ts";

/**
 * Contract tests over every file in flows/: each flow loads without a problem, every step is
 * reached by some path of sample answers (generated with xstate/graph, not written by hand),
 * replaying that path lands on the step, and every sample answer passes the server's check.
 */
const dir = join(import.meta.dirname, "..", "..", "flows");
const files = (await readdir(dir)).filter((f) => f.endsWith(".yaml")).sort();
const { flows, problems } = checkFlows(
  await Promise.all(files.map(async (f) => ({ file: relative(process.cwd(), join(dir, f)), text: await readFile(join(dir, f), "utf8") }))),
);

/** A fixture whose group and shuffled question no funnel in flows/ has yet: its every order is walked too. */
const SHUFFLED = "tests/fixtures/flows/valid-shuffled.yaml";
const shuffled = checkFlows([{ file: SHUFFLED, text: await readFile(SHUFFLED, "utf8") }]);

const eventsFor = (flow: CompiledFlow) => (snapshot: FlowSnapshot): FlowEvent[] => {
  const step = flow.steps.find((s) => s.id === currentStep(snapshot));
  return step ? sampleAnswers(flow, step).map((value) => ({ type: "NEXT", value })) : [];
};

it("every flow in flows/ loads without a problem", () => {
  expect(files.length).toBeGreaterThan(0);
  expect(problems).toEqual([]);
  expect(flows.map((f) => f.file.split("/").pop())).toEqual(files);
  expect(shuffled.problems).toEqual([]);
});

/** Every scale a branch compares, at any depth of its condition. */
function scalesRead(c: Condition): string[] {
  if ("score" in c) return [c.score.scale];
  if ("not" in c) return scalesRead(c.not);
  if ("all" in c) return c.all.flatMap(scalesRead);
  if ("any" in c) return c.any.flatMap(scalesRead);
  return [];
}

/**
 * Two states are the same when they are at the same step with the same answers to the items of
 * every scale a branch compares: a score branch (e.g. a help step at a high total) is then reached
 * by the answers that lead there, while flows without score branches stay one state per step.
 */
function stateKey(flow: CompiledFlow) {
  const read = new Set(flow.steps.flatMap((s) => (Array.isArray(s.next) ? s.next.flatMap((b) => (b.if ? scalesRead(b.if) : [])) : [])));
  const items = (flow.scoring?.scales ?? []).filter((s) => read.has(s.id)).flatMap((s) => s.items.map((i) => (typeof i === "string" ? i : i.step)));
  return (s: FlowSnapshot) => `${currentStep(s)} ${JSON.stringify(items.map((id) => s.context.answers[id] ?? null))}`;
}

/** Every order of a list. */
const permutations = (items: string[]): string[][] =>
  items.length <= 1 ? [items] : items.flatMap((first, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]));

/**
 * The flows a session can run (ADR 067): one per order of its shuffle groups, every order of every
 * group (options drawn once: their order changes no path). A flow without groups is one flow.
 */
function sessionFlows(flow: CompiledFlow): [string, CompiledFlow][] {
  const drawn = drawOrder(flow, "paths");
  let orders = [drawn];
  for (const [group, members] of shuffleGroups(flow.steps))
    orders = orders.flatMap((order) => permutations(members).map((asked) => ({ ...order, groups: { ...order.groups, [group]: asked } })));
  return orders.map((order) => [Object.values(order.groups).flat().join(" ") || "as written", inOrder(flow, order)]);
}

describe.each([...flows, ...shuffled.flows].map((flow) => [flow.code, flow] as const))("flow %s", (_code, flow) => {
  describe.each(sessionFlows(flow))("asked %s", (_order, ordered) => {
    const machine = createFlowMachine(ordered);
    const paths = getShortestPaths(machine, { input: {}, events: eventsFor(ordered), serializeState: stateKey(ordered) });
    const pathTo = new Map(paths.map((p) => [currentStep(p.state), p]));

    it.each(ordered.steps.map((s) => [s.id, s.kind] as const))("reaches step %s (%s) and lands on it when the path is replayed", (stepId) => {
      const path = pathTo.get(stepId);
      expect(path, `no path of sample answers reaches ${stepId}`).toBeDefined();
      const actor = createActor(machine, { input: {} }).start();
      for (const { event } of path!.steps) actor.send(event);
      expect(currentStep(actor.getSnapshot())).toBe(stepId);
      expect(actor.getSnapshot().value).toBe(stepId);
    });
  });

  it("accepts every sample answer with the server's answer check", () => {
    for (const step of flow.steps) {
      for (const value of sampleAnswers(flow, step)) expect(validateAnswer(flow, step.id, value), `${step.id}: ${JSON.stringify(value)}`).toMatchObject({ ok: true });
    }
  });

  it("gives every step a distinct URL", () => {
    const urls = flow.steps.map((s) => s.path);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
