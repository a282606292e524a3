import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { createFlowMachine } from "#engine/flow/machine.ts";
import { drawOrder, inOrder } from "#engine/flow/order.ts";
import { sampleAnswers } from "#engine/flow/sample-answers.ts";
import { flowStart, stepOf } from "#engine/flow/start.ts";
import type { Answers, CompiledFlow, FlowInput } from "#engine/flow/types.ts";
import { assignVariants } from "#engine/flow/variant.ts";

/**
 * The run's start without XState (src/engine/flow/start.ts, ADR 080) is the machine's own first
 * context, for every flow in flows/: the funnel runner draws it before the machine has loaded, and
 * the machine, when it comes, must be where the screen already is.
 */
const dir = join(import.meta.dirname, "..", "..", "flows");
const files = (await readdir(dir)).filter((f) => f.endsWith(".yaml")).sort();
const { flows } = checkFlows(
  await Promise.all(files.map(async (f) => ({ file: relative(process.cwd(), join(dir, f)), text: await readFile(join(dir, f), "utf8") }))),
);

const machineStart = (flow: CompiledFlow, input: FlowInput) => createActor(createFlowMachine(flow), { input }).start().getSnapshot();

/** The answers a visitor has given at each step of a walk through the flow with its first sample answers, from none. */
function answersAlongTheWay(flow: CompiledFlow, input: FlowInput): Answers[] {
  const actor = createActor(createFlowMachine(flow), { input }).start();
  const seen: Answers[] = [{}];
  for (let i = 0; i < flow.steps.length; i++) {
    const step = flow.steps.find((s) => s.id === stepOf(actor.getSnapshot().context))!;
    const before = actor.getSnapshot().context;
    actor.send({ type: "NEXT", value: sampleAnswers(flow, step)[0] ?? null });
    if (actor.getSnapshot().context.at === before.at) break;
    seen.push(actor.getSnapshot().context.answers);
  }
  return seen;
}

it("reads every flow in flows/", () => {
  expect(flows.length).toBe(files.length);
});

describe.each(flows.map((flow) => [flow.code, flow] as const))("flow %s", (_code, declared) => {
  const order = drawOrder(declared, "start");
  const flow = inOrder(declared, order);
  const variants = assignVariants("visitor-start", flow.experiments);

  it("starts where the machine starts: a new run, and each run resumed from the answers given on the way", () => {
    expect(flowStart(flow, {})).toEqual(machineStart(flow, {}).context);
    const walked = answersAlongTheWay(flow, { variants, order });
    expect(walked.length).toBeGreaterThan(1);
    for (const answers of walked) {
      const input = { answers, variants, order };
      const machine = machineStart(flow, input);
      expect(flowStart(flow, input)).toEqual(machine.context);
      expect(stepOf(flowStart(flow, input))).toBe(machine.value);
    }
  });
});
