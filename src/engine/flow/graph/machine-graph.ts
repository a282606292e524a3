import type { Condition } from "#schemas/flow/condition.ts";
import { createFlowMachine } from "../machine.ts";
import type { CompiledFlow } from "../types.ts";

/**
 * How a visitor moves along an edge: `answer` is the machine's NEXT (answering or continuing a
 * step, a branch's condition holding); `trail` is its BACK or GO_TO, along the steps already taken
 * (the Back button, the browser's back and forward, the way back after a declined payment).
 */
type MoveKind = "answer" | "trail";

/** `when`: the conditions of the branches that lead along it, or null when one of them has none (it is always, or otherwise, taken). */
export type MachineEdge = { from: string; to: string; by: MoveKind; when: Condition[] | null };
export type MachineGraph = { steps: CompiledFlow["steps"]; edges: MachineEdge[] };

type Guard = { type: string; params?: { condition?: Condition; step?: string } } | undefined;

/**
 * The graph of a flow as the browser runs it, read from its compiled XState machine (not from the
 * YAML again): a node per step state, an `answer` edge per NEXT transition (the branches of a step
 * that lead to the same step are one edge, with every condition that leads there), and from each
 * payment step the machine's BACK transition to the step before it: the way back after a declined
 * payment. Other BACK and GO_TO moves exist from every step to every step already taken; they are
 * left out here and drawn only where visitors made them (docs/decisions/063-funnel-graph.md).
 */
export function machineGraph(flow: CompiledFlow): MachineGraph {
  const machine = createFlowMachine(flow);
  const steps = flow.steps.filter((s) => s.id in machine.states);
  const edges = new Map<string, MachineEdge>();
  for (const step of steps) {
    for (const transition of machine.states[step.id]!.on.NEXT ?? []) {
      const guard = transition.guard as Guard;
      for (const target of transition.target ?? []) {
        const key = `${step.id} ${target.key}`;
        const edge: MachineEdge = edges.get(key) ?? { from: step.id, to: target.key, by: "answer", when: [] };
        const condition = guard?.params?.condition;
        edge.when = condition && edge.when ? [...edge.when, condition] : null;
        edges.set(key, edge);
      }
    }
  }
  const backTo = new Set((machine.root.on.BACK ?? []).flatMap((t) => (t.target ?? []).map((s) => s.key)));
  const answers = [...edges.values()];
  for (const payment of steps.filter((s) => s.kind === "payment")) {
    for (const before of answers.filter((e) => e.to === payment.id && backTo.has(e.from))) {
      edges.set(`${payment.id} ${before.from}`, { from: payment.id, to: before.from, by: "trail", when: null });
    }
  }
  return { steps, edges: [...edges.values()] };
}
