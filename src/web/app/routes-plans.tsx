import type { RouteObject } from "react-router-dom";

/** Education plans in the account: the list, a plan, a day. Children of the account route (routes.tsx). */
export const planRoutes: RouteObject[] = [];
