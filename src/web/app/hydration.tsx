import { useEffect } from "react";
import { APP_STARTED_EVENT } from "#schemas/pages/app-started.ts";
import { matchRoutes, type RouteObject } from "react-router-dom";

type Handle = { serverViewHolds?: () => boolean };

/**
 * Loads the lazy modules of the routes matching `location` and puts them in place, as the router
 * would, so a server-rendered page is hydrated with its components at hand instead of a
 * loading screen (ADR 039). A module that fails to load is left to the router, which shows its error.
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: Location): Promise<RouteObject[]> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      try {
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      } catch {
        // The router loads it again and shows the route's error element if it fails again.
      }
    }),
  );
  return matches.map((m) => m.route);
}

/** Whether every matched route agrees the server's rendering is what the app draws (a funnel with a saved place does not). */
export function serverViewHolds(routes: RouteObject[]): boolean {
  return routes.every((route) => typeof route.lazy !== "function" && ((route.handle as Handle | undefined)?.serverViewHolds?.() ?? true));
}

/**
 * Marks the page's root once the app has committed its first render: `data-hydrated` when it took
 * over the server's HTML, `data-rendered` when it drew the page itself. Draws nothing, so the
 * server's HTML and the app's first render stay the same; the browser tests and the bench wait for it,
 * and the page's loader plays back then what the visitor clicked before ({@link APP_STARTED_EVENT}).
 * `onStarted`: told then (the entry fetches what the first screen did without, ADR 043).
 */
export function AppStarted({ container, how, onStarted }: { container: HTMLElement; how: "hydrated" | "rendered"; onStarted?: () => void }) {
  useEffect(() => {
    container.setAttribute(`data-${how}`, "true");
    performance.mark("app-started");
    document.dispatchEvent(new Event(APP_STARTED_EVENT));
    onStarted?.();
  }, [container, how, onStarted]);
  return null;
}
