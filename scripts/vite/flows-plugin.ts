/**
 * Flows at build time: reads flows/*.yaml (or FLOWS_DIR), checks them with the engine's loader and
 * serves them as compiled JSON through virtual modules, so the browser never gets yaml or zod.
 *
 *   import { flowSummaries, loadFlow } from "virtual:flows";
 *   import { flowRoutes } from "virtual:flow-routes"; // every path any flow declares → its flow
 *   import { flowSummaries } from "virtual:flow-cards"; // the same summaries with each flow's card
 *
 * `loadFlow(code)` imports `virtual:flow/<code>`, one small chunk per flow. Any problem in any flow
 * fails `vite build` with every problem listed; in dev the flows dir is watched and edits reload.
 */
import { join, relative, resolve } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { checkFlows } from "#engine/flow/load/check-flows.ts";
import { readFlowFiles } from "#server/flows/read-flows.ts";
import { checkFunnelReports } from "#server/reports/check-funnel-reports.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { formatProblem, type Problem } from "#engine/yaml/parse-located.ts";
import { CARDS_ID, flowModules, FLOW_PREFIX, FLOWS_ID, ROUTES_ID } from "./flow-modules.ts";

type State = { flows: CompiledFlow[]; problems: Problem[] };

const isFlowFile = (name: string) => /\.ya?ml$/.test(name);

async function loadFlows(dir: string, root: string): Promise<State & { files: string[] }> {
  const files = await readFlowFiles(dir, { root });
  const checked = checkFlows(files);
  // A pre-checkout may promise only what its report template delivers (content/reports).
  const reports = await checkFunnelReports(checked.flows, new Map(files.map((f) => [f.file, f.text])), resolve(root, process.env.CONTENT_DIR ?? "content"));
  return { flows: checked.flows, problems: [...checked.problems, ...reports], files: files.map((f) => f.path) };
}

const report = (problems: Problem[]) => `${problems.length} problem${problems.length === 1 ? "" : "s"} in flows:\n${problems.map(formatProblem).join("\n")}`;

export function flowsPlugin(): Plugin {
  let root = process.cwd();
  let dir = join(root, "flows");
  let state: State | undefined;
  const load = async () => (state = await loadFlows(dir, root));

  function reloadOnChange(server: ViteDevServer) {
    server.watcher.add(dir);
    const onChange = (path: string) => {
      if (!isFlowFile(path) || resolve(path, "..") !== dir) return;
      void load().then((s) => {
        if (s.problems.length > 0) server.config.logger.error(report(s.problems), { timestamp: true });
        for (const env of Object.values(server.environments)) {
          for (const mod of env.moduleGraph.idToModuleMap.values())
            if (mod.id === FLOWS_ID || mod.id === CARDS_ID || mod.id === ROUTES_ID || mod.id?.startsWith(FLOW_PREFIX)) env.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: "full-reload" });
      });
    };
    server.watcher.on("add", onChange).on("change", onChange).on("unlink", onChange);
  }

  return {
    name: "pathwise-flows",
    configResolved(config) {
      root = config.root;
      dir = resolve(root, process.env.FLOWS_DIR ?? "flows");
    },
    async buildStart() {
      const s = await load();
      for (const file of s.files) this.addWatchFile(file);
      if (s.problems.length > 0) {
        if (this.meta.watchMode) this.warn(report(s.problems));
        else this.error(report(s.problems));
      }
    },
    configureServer: reloadOnChange,
    resolveId(id) {
      if (id === "virtual:flows") return FLOWS_ID;
      if (id === "virtual:flow-cards") return CARDS_ID;
      if (id === "virtual:flow-routes") return ROUTES_ID;
      if (id.startsWith("virtual:flow/")) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id !== FLOWS_ID && id !== CARDS_ID && id !== ROUTES_ID && !id.startsWith(FLOW_PREFIX)) return null;
      const s = state ?? (await load());
      if (s.problems.length > 0) this.error(report(s.problems));
      const modules = flowModules(s.flows);
      const code =
        id === FLOWS_ID ? modules.index : id === CARDS_ID ? modules.cards : id === ROUTES_ID ? modules.routes : modules.flow(id.slice(FLOW_PREFIX.length));
      if (code === undefined) this.error(`no flow with code "${id.slice(FLOW_PREFIX.length)}" in ${relative(root, dir) || "."}`);
      return { code, moduleType: "js" };
    },
  };
}
