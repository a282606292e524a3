import type { RouteObject } from "react-router-dom";

/** Account settings, the e-mail-change confirmation, and the legal pages inside the profile. Children of the account route (routes.tsx). */
export const settingsRoutes: RouteObject[] = [];
