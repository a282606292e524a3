import type { CompiledFlow } from "./types.ts";

/** A URL a compiled flow claims, and where its file says so (a YAML path). */
export type FlowPath = { path: string; where: (string | number)[] };

type RoutedFlow = Pick<CompiledFlow, "code" | "report" | "paths" | "steps" | "experiments">;

/**
 * Every URL a flow answers: its start and aliases, each step's path, experiment variant paths,
 * and the implied `/quiz/{code}` and `/getquiz/{report}` entries. Each URL once, in that order.
 */
export function flowPaths(flow: RoutedFlow): FlowPath[] {
  const all: FlowPath[] = [
    { path: flow.paths.start, where: ["paths", "start"] },
    ...flow.paths.aliases.map((path, i) => ({ path, where: ["paths", "aliases", i] })),
    ...flow.steps.map((s, i) => ({ path: s.path, where: ["steps", i, "path"] })),
    ...flow.experiments.flatMap((e, ei) =>
      e.variants.flatMap((v, vi) => Object.entries(v.paths ?? {}).map(([id, path]) => ({ path, where: ["experiments", ei, "variants", vi, "paths", id] }))),
    ),
    { path: `/quiz/${flow.code}`, where: ["code"] },
    { path: `/getquiz/${flow.report}`, where: ["report"] },
  ];
  const seen = new Set<string>();
  return all.filter((p) => !seen.has(p.path) && seen.add(p.path));
}

/**
 * Whether a path opens the flow at its start (its start, an alias, the implied entries, the first
 * step's path in any variant) rather than at a step further in, where what shows depends on the
 * visitor's run. Compared as the router matches, without regard to case.
 */
export function isEntryPath(flow: RoutedFlow, path: string): boolean {
  const first = flow.steps[0]?.id;
  const asked = path.toLowerCase();
  return flowPaths(flow).some(
    ({ path: at, where }) => at.toLowerCase() === asked && (where[0] !== "steps" || where[1] === 0) && (where[0] !== "experiments" || where[5] === first),
  );
}

/**
 * The query parameter of a flow's restart link (`restartPath`): the browser leaves the run it has of
 * the flow (the old run and any report of it stay) and a new run begins at the first question.
 */
const RESTART_PARAM = "again";

/** The link that starts a flow anew for someone who already has a run of it ("Take the test again"). */
export const restartPath = (flow: Pick<CompiledFlow, "paths">): string => `${flow.paths.start}?${RESTART_PARAM}=1`;

/** Whether a URL's query (`location.search`) asks for a new run (`restartPath`). */
export const asksRestart = (search: string): boolean => new URLSearchParams(search).has(RESTART_PARAM);

/** The query without the restart request, everything else (UTM tags) kept: "" or "?…". */
export function withoutRestart(search: string): string {
  const query = new URLSearchParams(search);
  query.delete(RESTART_PARAM);
  const rest = query.toString();
  return rest ? `?${rest}` : "";
}

/** Every path any flow declares → the code of the flow it opens (the first flow wins a path two claim). */
export function flowRoutes(flows: readonly RoutedFlow[]): { path: string; flow: string }[] {
  const seen = new Set<string>();
  return flows.flatMap((flow) => flowPaths(flow).flatMap(({ path }) => (seen.has(path) ? [] : (seen.add(path), [{ path, flow: flow.code }]))));
}
