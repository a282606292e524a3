import { hydrate as hydrateQueries, QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "./app/AppProviders.tsx";
import { routes } from "./app/routes.tsx";
import { AppStarted, loadMatchedRoutes, serverViewHolds } from "./app/hydration.tsx";
import { startAuth } from "./shared/auth/AuthProvider.tsx";
import { bootData } from "./shared/boot/boot-data.ts";
import { startPixels } from "./shared/conversions/pixels.ts";
import { catalogKeys } from "./shared/catalog/catalog-query.ts";
import { toCatalogMap } from "./shared/catalog/translate.ts";
import { reportHydrationError, setMonitoringUser, startMonitoring } from "./shared/monitoring/monitoring.ts";
import { rereadConsentCookie } from "./shared/consent/consent-state.ts";
import { storeAttribution } from "./shared/tracking/index.ts";
import "./styles/tokens.css";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The landing page's UTM parameters and fbclid are kept before anything renders: a funnel starts its
// quiz session (with them) on its first render, before the tracker's effect would store them.
storeAttribution(window.location.search);

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });

// The server puts the catalogue and "a login cookie came with this page" into the page itself, so
// the first screen waits for no request; the catalogue is refreshed a few seconds after load, when idle.
const boot = bootData();
if (boot) {
  queryClient.setQueryData(catalogKeys.list(), toCatalogMap(boot.catalog.data));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: catalogKeys.list() });
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(refresh, { timeout: 10_000 }) : refresh());
  window.addEventListener("load", () => setTimeout(whenIdle, 5000), { once: true });
}

// The login check runs alongside the catalogue load, before any page needs it; without a login
// cookie there is nobody to check for.
const auth = startAuth(undefined, { session: boot?.session, ...(boot?.customer === undefined ? {} : { customer: boot.customer }) });
auth.subscribe((snapshot) => {
  setMonitoringUser(snapshot.context.customer);
  // A login gives a browser that never chose the account's privacy choice (its cookie, ADR 055).
  if (snapshot.context.customer) rereadConsentCookie();
});
startMonitoring();
// The ad pixels the server names, loaded after first paint and only with marketing consent (ADR 057).
startPixels(boot?.pixels);

// A page the server rendered (ADR 039) is hydrated: its route's modules are loaded first, so the
// first render draws exactly the server's HTML. Otherwise (a logged-in visitor, a page drawn only
// here, a visitor resuming a funnel from a saved place) the app renders it anew.
const matched = await loadMatchedRoutes(routes, window.location);
const hydrate = boot?.hydration !== undefined && container.firstElementChild !== null && serverViewHolds(matched);
const router = createBrowserRouter(routes, hydrate ? { hydrationData: boot?.hydration } : {});
// The API answers the server drew the page with (the plans on /pricing…), so the first render draws the same.
if (hydrate && boot?.queries) hydrateQueries(queryClient, boot.queries);
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient} auth={auth}>
      <RouterProvider router={router} />
    </AppProviders>
    <AppStarted container={container} how={hydrate ? "hydrated" : "rendered"} />
  </StrictMode>
);
if (hydrate) hydrateRoot(container, app, { onRecoverableError: reportHydrationError });
else createRoot(container).render(app);
