import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { flowModules } from "../../scripts/vite/flow-modules.ts";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { flowRoutes } from "#engine/flow/routes.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";

/** A generated module's exports, as the browser would see them (its lazy imports are never called here). */
const evaluate = (code: string) => import(`data:text/javascript,${encodeURIComponent(code)}`) as Promise<Record<string, unknown>>;

describe("virtual:flows, virtual:flow-routes and virtual:flow-cards (ADR 043)", () => {
  let flows: CompiledFlow[];
  beforeAll(async () => {
    const dir = join(process.cwd(), "flows");
    const names = (await readdir(dir)).filter((n) => n.endsWith(".yaml")).sort();
    const files = await Promise.all(names.map(async (n) => ({ file: `flows/${n}`, text: await readFile(join(dir, n), "utf8") })));
    ({ flows } = checkFlows(files));
    expect(flows.length).toBeGreaterThan(0);
  });

  it("routes every path of every flow to its flow, in the engine's order, from the compact form, in a module of its own", async () => {
    const modules = flowModules(flows);
    const table = await evaluate(modules.routes);
    expect(table.flowRoutes).toEqual(flowRoutes(flows));
    // The boot's module (summaries, loaders) carries no flow's step paths.
    expect(modules.index).not.toContain(`"${flows[0]!.steps[1]!.path}"`);
  });

  it("keeps the cards out of the boot module and gives them to the pages that list flows", async () => {
    const modules = flowModules(flows);
    const carded = flows.filter((f) => f.card);
    expect(carded.length).toBeGreaterThan(0);
    for (const f of carded) expect(modules.index).not.toContain(JSON.stringify(f.card!.line).slice(1, -1));
    const { flowSummaries } = (await evaluate(modules.cards)) as { flowSummaries: { code: string; start: string; card?: unknown }[] };
    expect(flowSummaries.map((s) => [s.code, s.start, s.card])).toEqual(flows.map((f) => [f.code, f.paths.start, f.card]));
  });

  it("leaves each flow's follow-up e-mails out of its browser chunk: only the server sends them (ADR 060)", () => {
    const modules = flowModules(flows);
    const withMail = flows.filter((f) => f.follow_ups?.length);
    expect(withMail.length).toBeGreaterThanOrEqual(3);
    for (const f of withMail) {
      const chunk = modules.flow(f.code)!;
      expect(chunk).toContain(JSON.stringify(f.code).slice(1, -1));
      for (const mail of f.follow_ups!) expect(chunk).not.toContain(JSON.stringify(mail.subject).slice(1, -1));
    }
  });
});
