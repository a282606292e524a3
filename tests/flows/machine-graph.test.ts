import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { machineGraph } from "#engine/flow/graph/machine-graph.ts";

/**
 * The funnel graph (ADR 063) of every flow in flows/: read from the compiled machine, it has every
 * step and every branch the YAML declares (checked here against the YAML, the graph's only other
 * description), and each payment step's way back to the step before it.
 */
const dir = join(import.meta.dirname, "..", "..", "flows");
const files = (await readdir(dir)).filter((f) => f.endsWith(".yaml")).sort();
const { flows } = checkFlows(
  await Promise.all(files.map(async (f) => ({ file: relative(process.cwd(), join(dir, f)), text: await readFile(join(dir, f), "utf8") }))),
);

describe.each(flows.map((flow) => [flow.code, flow] as const))("the graph of %s", (_code, flow) => {
  const graph = machineGraph(flow);

  it("has every step, in the flow's order, and every branch as an edge", () => {
    expect(graph.steps.map((s) => s.id)).toEqual(flow.steps.map((s) => s.id));
    const declared = flow.steps.flatMap((s) => (!s.next ? [] : typeof s.next === "string" ? [`${s.id}>${s.next}`] : s.next.map((b) => `${s.id}>${b.to}`)));
    const answers = graph.edges.filter((e) => e.by === "answer").map((e) => `${e.from}>${e.to}`);
    expect(answers.sort()).toEqual([...new Set(declared)].sort());
  });

  it("goes back from each payment step to the step before it", () => {
    for (const payment of flow.steps.filter((s) => s.kind === "payment")) {
      const before = flow.steps.filter((s) => s.next === payment.id || (Array.isArray(s.next) && s.next.some((b) => b.to === payment.id))).map((s) => s.id);
      expect(before.length).toBeGreaterThan(0);
      expect(graph.edges.filter((e) => e.from === payment.id && e.by === "trail").map((e) => e.to)).toEqual(before);
    }
  });
});
