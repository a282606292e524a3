import type { RouteObject } from "react-router-dom";

/**
 * Routes for every path any flow in flows/ declares, all rendered by the funnel runner.
 * The app shell spreads these into the route table at top level (funnels have their own layout).
 */
export const funnelRoutes: RouteObject[] = [];
