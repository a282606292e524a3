import { forBrowser } from "#engine/flow/load/for-browser.ts";
import { flowRoutes } from "#engine/flow/routes.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";

/** Resolved ids of the virtual modules (the \0 keeps other plugins off them). */
export const FLOWS_ID = "\0virtual:flows";
export const FLOW_PREFIX = "\0virtual:flow/";
export const CARDS_ID = "\0virtual:flow-cards";
export const ROUTES_ID = "\0virtual:flow-routes";

/** The path of a flow's first step of a kind; the start where it has none. */
const pathOfKind = (f: CompiledFlow, kind: string) => f.steps.find((s) => s.kind === kind)?.path ?? f.paths.start;

/**
 * What the main bundle carries of each flow (the full flow stays in its own chunk, its card in
 * `virtual:flow-cards`): with the paths the payment pages link to, so those links are right from
 * their first render instead of once the flow's chunk has loaded.
 */
const flowSummary = (f: CompiledFlow) => ({
  code: f.code,
  topic: f.topic,
  title: f.title,
  report: f.report,
  start: f.paths.start,
  preCheckout: pathOfKind(f, "pre_checkout"),
  result: pathOfKind(f, "result"),
  hash: f.hash,
});

/** The same with the flow's card, for the pages that list flows (home, pricing). */
export const flowCardSummary = (f: CompiledFlow) => ({ ...flowSummary(f), card: f.card });

/**
 * The routes as runs of one flow's paths, `[[code, [path, …]], …]`, in flowRoutes' order: the
 * table carries each code once instead of once per path (ADR 043).
 */
function routeRuns(flows: readonly CompiledFlow[]): [string, string[]][] {
  const runs: [string, string[]][] = [];
  for (const { path, flow } of flowRoutes(flows)) {
    const last = runs.at(-1);
    if (last?.[0] === flow) last[1].push(path);
    else runs.push([flow, [path]]);
  }
  return runs;
}

/** A JSON value as JavaScript: `JSON.parse` of a string literal parses faster than an object literal. */
const jsonModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;

/**
 * The source of `virtual:flows`, `virtual:flow-routes`, `virtual:flow-cards` and of each
 * `virtual:flow/<code>`. The route table is a module of its own: a funnel's page routes its own flow
 * from the flow its page brought, and fetches the table with the rest of the routes (ADR 043).
 */
export function flowModules(flows: readonly CompiledFlow[]) {
  const loaders = flows.map((f) => `  ${JSON.stringify(f.code)}: () => import(${JSON.stringify(`virtual:flow/${f.code}`)}),`).join("\n");
  const index = [
    `export const flowSummaries = ${JSON.stringify(flows.map(flowSummary))};`,
    `const loaders = {\n${loaders}\n};`,
    `export function loadFlow(code) {`,
    `  const load = Object.hasOwn(loaders, code) ? loaders[code] : undefined;`,
    `  return load ? load().then((m) => m.default) : Promise.reject(new Error("no flow with code " + JSON.stringify(code)));`,
    `}`,
    ``,
  ].join("\n");
  const byCode = new Map(flows.map((f) => [f.code, f]));
  return {
    index,
    routes: `export const flowRoutes = ${JSON.stringify(routeRuns(flows))}.flatMap(([flow, paths]) => paths.map((path) => ({ path, flow })));\n`,
    cards: `export const flowSummaries = ${JSON.stringify(flows.map(flowCardSummary))};\n`,
    flow: (code: string) => {
      const f = byCode.get(code);
      return f === undefined ? undefined : jsonModule(forBrowser(f));
    },
  };
}
