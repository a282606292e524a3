import type { RouteObject } from "react-router-dom";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { flowPaths } from "#engine/flow/routes.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { RouteErrorBoundary } from "../shared/ui/RouteErrorBoundary.tsx";
import { QUERIES_AFTER_LOAD } from "../shared/query/queries-after-load.ts";

type FlowRoute = NonNullable<BootData["routes"]>[number];

/**
 * The funnels' URLs the router knows: a table of them (the build's, `virtual:flow-routes`, every path
 * flows/ declared when the app was built; or one flow's, `routesOfFlow`), with the live routes the
 * server says it lacks (the boot data's `routes`, ADR 066: a path a publish added, or one that now
 * opens another flow) taking their place.
 */
export function liveFlowRoutes(built: readonly FlowRoute[], added: readonly FlowRoute[] = []): FlowRoute[] {
  const taken = new Set(added.map((r) => r.path.toLowerCase()));
  return [...added, ...built.filter((r) => !taken.has(r.path.toLowerCase()))];
}

/** Every URL of one flow (its start, aliases, steps, variants' paths), each opening that flow. */
export const routesOfFlow = (flow: Pick<CompiledFlow, "code" | "report" | "paths" | "steps" | "experiments">): FlowRoute[] =>
  flowPaths(flow).map(({ path }) => ({ path, flow: flow.code }));

/**
 * Routes for every path of `table` (liveFlowRoutes), all rendered by the funnel runner, plus
 * `/continue` (resume from an e-mailed link). A new YAML file or path is routed without a code
 * change, and a published one without a rebuild. The runner loads lazily, keeping it out of the home
 * page's bundle; no flow is fetched before its page is shown (ADR 043). Each route's id names its
 * path, so the server's table and the browser's (which starts with one flow's part,
 * src/web/app/routes/browser-routes.ts) name a route alike, and a route already there is not added
 * twice.
 */
export function funnelRoutes(table: readonly FlowRoute[]): RouteObject[] {
  return [
    ...table.map(({ path, flow }) => {
      // Whether the server's rendering holds, known once the page's modules are loaded (src/web/app/hydration.tsx).
      let holds = () => false;
      return {
        id: `funnel ${path}`,
        path,
        errorElement: <RouteErrorBoundary standalone />,
        // The first screen runs without TanStack Query (ADR 043).
        handle: { ...QUERIES_AFTER_LOAD, serverViewHolds: () => holds() },
        lazy: async () => {
          const { FunnelPage, prepareFunnel } = await import("./FunnelPage.tsx");
          // The first step's renderer comes with the page, so a server-rendered step hydrates at once (ADR 039).
          holds = await prepareFunnel(flow);
          return { element: <FunnelPage code={flow} /> };
        },
      };
    }),
    {
      id: "funnel /continue",
      path: "/continue",
      errorElement: <RouteErrorBoundary standalone />,
      lazy: async () => ({ Component: (await import("./ResumePage.tsx")).ResumePage }),
    },
  ];
}
