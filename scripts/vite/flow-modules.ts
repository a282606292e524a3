import { flowRoutes } from "../../src/engine/flow/routes.ts";
import type { CompiledFlow } from "../../src/engine/flow/types.ts";

/** Resolved ids of the virtual modules (the \0 keeps other plugins off them). */
export const FLOWS_ID = "\0virtual:flows";
export const FLOW_PREFIX = "\0virtual:flow/";

/** What a summary of each flow carries into the main bundle (the full flow stays in its own chunk). */
export const flowSummary = (f: CompiledFlow) => ({
  code: f.code,
  topic: f.topic,
  title: f.title,
  card: f.card,
  report: f.report,
  start: f.paths.start,
  hash: f.hash,
});

/** A JSON value as JavaScript: `JSON.parse` of a string literal parses faster than an object literal. */
const jsonModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;

/** The source of `virtual:flows` and of each `virtual:flow/<code>`. */
export function flowModules(flows: readonly CompiledFlow[]) {
  const loaders = flows.map((f) => `  ${JSON.stringify(f.code)}: () => import(${JSON.stringify(`virtual:flow/${f.code}`)}),`).join("\n");
  const index = [
    `export const flowRoutes = ${JSON.stringify(flowRoutes(flows))};`,
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
    flow: (code: string) => {
      const f = byCode.get(code);
      return f === undefined ? undefined : jsonModule(f);
    },
  };
}
