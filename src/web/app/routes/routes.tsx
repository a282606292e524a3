import type { RouteObject } from "react-router-dom";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { funnelRoutes, liveFlowRoutes } from "#web/funnel/funnel-routes.tsx";
import { rootRoute } from "./routes-root.tsx";
import { builtFlowRoutes, siteRoutes } from "./routes-site.tsx";

/**
 * The whole route table, for the server's render (src/web/ssr/entry-server.tsx) and the memory
 * routers in tests, with the funnels' live routes the build lacks (`added`, the boot data's
 * `routes`, ADR 066). The browser builds the same table in two parts (browser-routes.ts).
 */
export const appRoutes = (added: BootData["routes"] = []): RouteObject[] => [
  rootRoute([...funnelRoutes(liveFlowRoutes(builtFlowRoutes, added)), ...siteRoutes]),
];
