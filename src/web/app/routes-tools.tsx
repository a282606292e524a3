import type { RouteObject } from "react-router-dom";

/** Interactive tools in the account: the list and one tool. Children of the account route (routes.tsx). */
export const toolRoutes: RouteObject[] = [];
