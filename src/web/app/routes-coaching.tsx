import type { RouteObject } from "react-router-dom";

/** Coach booking and the career toolkit in the account. Children of the account route (routes.tsx). */
export const coachingAccountRoutes: RouteObject[] = [];

/** The public career toolkit page. Children of the site layout (routes.tsx). */
export const coachingPublicRoutes: RouteObject[] = [];
