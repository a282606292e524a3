import type { Step } from "#schemas/flow/steps.ts";
import { isTerminal, terminalKinds } from "../kinds/index.ts";
import type { Finding, LintInput } from "./lint-input.ts";
import { graphOf, isWellFormed, walk } from "./flow-graph.ts";

const indexesWhere = (steps: Step[], test: (s: Step) => boolean) => steps.flatMap((s, i) => (test(s) ? [i] : []));

/** Strongly connected groups of `nodes` that contain a cycle (Tarjan). */
function cycles(edges: number[][], nodes: Set<number>): number[][] {
  const order = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const found: number[][] = [];
  const visit = (v: number) => {
    order.set(v, order.size);
    low.set(v, order.get(v)!);
    stack.push(v);
    for (const w of edges[v]!.filter((w) => nodes.has(w))) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const group: number[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) group.push(w);
    if (group.length > 1 || edges[v]!.includes(v)) found.push(group.sort((a, b) => a - b));
  };
  for (const v of [...nodes].sort((a, b) => a - b)) if (!order.has(v)) visit(v);
  return found;
}

/**
 * The shape of the flow as a graph, from its first step: steps never reached, dead ends, loops
 * that never reach an end, and ways through that never show a result. Runs only on complete flows.
 */
export function graphProblems(input: LintInput): Finding[] {
  if (!input.complete || input.steps.length === 0) return [];
  const steps = input.steps.filter((s): s is Step => s !== null);
  const g = graphOf(steps);
  // With an unknown target or a repeated id the graph is not what the author meant: those are reported already.
  if (!isWellFormed(g)) return [];
  const at = (i: number, key = "id") => ["steps", i, key];
  const found: Finding[] = [];

  const reached = walk(g.edges, [0]);
  for (const i of steps.keys())
    if (!reached.has(i) && g.index.get(steps[i]!.id) === i)
      found.push({ path: at(i), message: `step "${steps[i]!.id}" is never reached from the start`, hint: "point a next at it, or remove it" });

  const deadEnds = new Set(indexesWhere(steps, (s) => s.next === undefined && !isTerminal(s)).filter((i) => reached.has(i)));
  for (const i of deadEnds)
    found.push({
      path: at(i),
      message: `step "${steps[i]!.id}" (${steps[i]!.kind}) has no next and does not end the flow`,
      hint: `add next, or end with a ${terminalKinds.join(" or ")} step`,
    });

  const canEnd = walk(g.reverse, indexesWhere(steps, isTerminal));
  const stuck = new Set([...reached].filter((i) => !canEnd.has(i)));
  const loops = cycles(g.edges, stuck);
  for (const loop of loops) {
    const names = loop.map((i) => steps[i]!.id);
    found.push({
      path: at(loop[0]!, "next"),
      message: `loop with no exit: ${[...names, names[0]].join(" → ")} never reaches a ${terminalKinds.join(" or ")} step`,
      hint: "give one of these steps a branch that leaves the loop",
    });
  }

  // Every way from the start must pass a result step; what follows a result (e.g. feedback) is free.
  const beforeResult = walk(g.edges, [0], (i) => steps[i]!.kind === "result");
  const canResult = walk(
    g.reverse,
    indexesWhere(steps, (s) => s.kind === "result"),
  );
  const inLoop = new Set(loops.flat());
  const noResult = new Set([...beforeResult].filter((i) => !canResult.has(i)));
  for (const i of noResult) {
    const entry = i === 0 || g.reverse[i]!.some((p) => beforeResult.has(p) && !noResult.has(p));
    const explained = [...walk(g.edges, [i])].some((j) => deadEnds.has(j) || inLoop.has(j));
    if (entry && !explained)
      found.push({
        path: at(i),
        message: `from step "${steps[i]!.id}" no way leads to a result step`,
        hint: "lead every way through the flow to a result step",
      });
  }
  return found;
}
