import type { RouteObject } from "react-router-dom";
import { flowRoutes } from "virtual:flows";
import { RouteErrorBoundary } from "../shared/ui/RouteErrorBoundary.tsx";

/**
 * Routes for every path any flow in flows/ declares, all rendered by the funnel runner, plus
 * `/continue` (resume from an e-mailed link). Built from the flows at build time: a new YAML
 * file is routed without a code change. The runner loads lazily, keeping it out of the home page's bundle.
 */
export const funnelRoutes: RouteObject[] = [
  ...flowRoutes.map(({ path, flow }) => ({
    path,
    errorElement: <RouteErrorBoundary standalone />,
    lazy: async () => {
      const { FunnelPage, prepareFunnel } = await import("./FunnelPage.tsx");
      // The first step's renderer comes with the page, so a server-rendered step hydrates at once (ADR 039).
      const serverViewHolds = await prepareFunnel(flow);
      return { element: <FunnelPage code={flow} />, handle: { serverViewHolds } };
    },
  })),
  {
    path: "/continue",
    errorElement: <RouteErrorBoundary standalone />,
    lazy: async () => ({ Component: (await import("./ResumePage.tsx")).ResumePage }),
  },
];
