import type { Step } from "#schemas/flow/steps.ts";
import type { LintInput } from "./lint-input.ts";
import { nextTargets } from "./lint-references.ts";

/** A flow as a graph: steps by index, `next` edges and the same edges reversed. */
export type Graph = { steps: Step[]; index: Map<string, number>; edges: number[][]; reverse: number[][] };

export function graphOf(steps: Step[]): Graph {
  const index = new Map<string, number>();
  steps.forEach((s, i) => {
    if (!index.has(s.id)) index.set(s.id, i);
  });
  const edges = steps.map((s) => nextTargets(s.next, []).flatMap((t) => (index.has(t.to) ? [index.get(t.to)!] : [])));
  const reverse = steps.map((): number[] => []);
  edges.forEach((targets, from) => targets.forEach((to) => reverse[to]!.push(from)));
  return { steps, index, edges, reverse };
}

/** Every node reachable from `from` along `edges`; `stop` nodes are reached but not walked past. */
export function walk(edges: number[][], from: number[], stop: (i: number) => boolean = () => false): Set<number> {
  const seen = new Set(from);
  const queue = [...from];
  for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
    if (stop(i)) continue;
    for (const j of edges[i]!) {
      if (seen.has(j)) continue;
      seen.add(j);
      queue.push(j);
    }
  }
  return seen;
}

/** Whether every `next` names a step that exists and no id is used twice: only then is the graph the one the author meant. */
export const isWellFormed = (g: Graph) => g.index.size === g.steps.length && g.steps.every((s) => nextTargets(s.next, []).every((t) => g.index.has(t.to)));

/** The graph of a complete flow whose references all resolve; otherwise null (those problems are reported elsewhere). */
export function graphOfInput(input: LintInput): Graph | null {
  if (!input.complete || input.steps.length === 0) return null;
  const g = graphOf(input.steps.filter((s): s is Step => s !== null));
  return isWellFormed(g) ? g : null;
}
