import { matchesPattern, routePatterns } from "#schemas/pages/route-patterns.ts";
import { parseYaml, type Problem } from "#engine/yaml/parse-located.ts";
import { loadFlow } from "./load-flow.ts";
import { flowPaths } from "../routes.ts";
import type { CompiledFlow } from "../types.ts";

const pagePatterns: readonly string[] = Object.values(routePatterns);

/**
 * Areas the app owns whole, with everything under them: the first segment of every page pattern
 * that has more below it (/account/…, /admin/…), so a flow cannot take a page the app may add there.
 */
const ownedAreas: readonly string[] = [...new Set(pagePatterns.filter((p) => p.split("/").length > 2).map((p) => `/${p.split("/")[1]}`))];

/**
 * Whether the app routes `path` itself, so no flow may use it: a page of `routePatterns`
 * (schemas/pages/route-patterns.ts, the one list of the app's pages), or anything in an area it owns.
 */
export const isReservedPath = (path: string): boolean =>
  pagePatterns.some((pattern) => matchesPattern(pattern, path)) || ownedAreas.some((area) => path === area || path.startsWith(`${area}/`));

type Claim = { flow: CompiledFlow; path: string; where: (string | number)[] };

/** Problems between flows: one URL claimed by two flows, one code used twice, URLs the app keeps for itself. */
function crossFlowProblems(flows: CompiledFlow[], texts: Map<string, string>): Problem[] {
  const at = (flow: CompiledFlow, where: (string | number)[], message: string, hint?: string): Problem => {
    const yaml = parseYaml(flow.file, texts.get(flow.file) ?? "");
    const place = yaml.ok ? yaml.value.locate(where) : { line: 1, column: 1 };
    const stepId = where[0] === "steps" && typeof where[1] === "number" ? flow.steps[where[1]]?.id : undefined;
    return { file: flow.file, ...place, path: where.join("."), ...(stepId ? { stepId } : {}), message, ...(hint ? { hint } : {}) };
  };
  const problems: Problem[] = [];
  const codes = new Map<string, CompiledFlow>();
  const owners = new Map<string, Claim>();
  for (const flow of flows) {
    const other = codes.get(flow.code);
    if (other) problems.push(at(flow, ["code"], `flow code "${flow.code}" is already used by ${other.file}`, "each flow needs its own code"));
    else codes.set(flow.code, flow);
    for (const { path, where } of flowPaths(flow)) {
      if (isReservedPath(path)) {
        problems.push(at(flow, where, `path ${path} is reserved by the app`, "choose another path"));
        continue;
      }
      const owner = owners.get(path);
      if (!owner) owners.set(path, { flow, path, where });
      else if (owner.flow !== flow && owner.flow.code !== flow.code) {
        const { line, column } = at(owner.flow, owner.where, "");
        problems.push(
          at(
            flow,
            where,
            `path ${path} is already used by flow "${owner.flow.code}" (${owner.flow.file}:${line}:${column})`,
            "give one of the flows another path",
          ),
        );
      }
    }
  }
  return problems;
}

/** Loads every flow file and checks them against each other. Flows with problems are left out of `flows`. */
export function checkFlows(files: readonly { file: string; text: string }[]): { flows: CompiledFlow[]; problems: Problem[] } {
  const flows: CompiledFlow[] = [];
  const problems: Problem[] = [];
  for (const { file, text } of files) {
    const result = loadFlow(file, text);
    if (result.ok) flows.push(result.value);
    else problems.push(...result.problems);
  }
  problems.push(...crossFlowProblems(flows, new Map(files.map((f) => [f.file, f.text]))));
  return { flows: problems.length > 0 ? flows.filter((f) => !problems.some((p) => p.file === f.file)) : flows, problems };
}
