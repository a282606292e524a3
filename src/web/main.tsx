import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "./app/AppProviders.tsx";
import { browserRoutes } from "./app/routes/browser-routes.ts";
import { AppStarted, loadMatchedRoutes, serverViewHolds } from "./app/hydration.tsx";
import { createAuthSource } from "./shared/auth/auth-source.ts";
import { authStartEvent } from "./shared/auth/auth-start.ts";
import { holdUntilFirstScreenDone } from "./shared/boot/after-first-screen.ts";
import { bootData } from "./shared/boot/boot-data.ts";
import { startPixels } from "./shared/conversions/pixels.ts";
import { createCatalogSource } from "./shared/catalog/catalog-source.ts";
import { toCatalogMap } from "./shared/catalog/translate.ts";
import { reportHydrationError, setMonitoringUser, startMonitoring } from "./shared/monitoring/monitoring.ts";
import { rereadConsentCookie } from "./shared/consent/consent-state.ts";
import { logClient } from "./shared/log/log.ts";
import { loadQueryClient, useAppQueryClient } from "./shared/query/app-query-client.ts";
import { queriesAfterLoad } from "./shared/query/queries-after-load.ts";
import { storeAttribution } from "./shared/tracking/index.ts";
import "./styles/tokens.css";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The landing page's UTM parameters and fbclid are kept before anything renders: a funnel starts its
// quiz session (with them) on its first render, before the tracker's effect would store them.
storeAttribution(window.location.search);

// The server puts the catalogue and "a login cookie came with this page" into the page itself, so
// the first screen waits for no request; the catalogue is refreshed a few seconds after load, when idle.
const boot = bootData();
const catalog = createCatalogSource(boot ? toCatalogMap(boot.catalog.data) : undefined);
const loaded = new Promise<void>((resolve) =>
  document.readyState === "complete" ? resolve() : window.addEventListener("load", () => resolve(), { once: true }),
);
if (boot) {
  const refresh = () => void catalog.refresh();
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(refresh, { timeout: 10_000 }) : refresh());
  void loaded.then(() => setTimeout(whenIdle, 5000));
}

// What the boot data says of the login (a cookie came; whom it proves, ADR 075) is the login state until
// the auth machine runs: it is fetched after the load event and the app's start when that is known,
// and alongside the catalogue when only the machine's check can tell (ADR 081).
let started = () => {};
const afterStart = Promise.all([loaded, new Promise<void>((resolve) => (started = resolve))]);
const auth = createAuthSource(authStartEvent({ session: boot?.session, customer: boot?.customer }));
const startAuthMachine = () => void auth.running().catch((error: unknown) => logClient("error", "The login state's machine failed to load", error));
if (auth.current().status === "pending") startAuthMachine();
else void afterStart.then(startAuthMachine);
let customer = auth.current().customer;
auth.subscribe(() => {
  if (auth.current().customer === customer) return;
  customer = auth.current().customer;
  setMonitoringUser(customer);
  // A login gives a browser that never chose the account's privacy choice (its cookie, ADR 055).
  if (customer) rereadConsentCookie();
});
startMonitoring();
// The ad pixels the server names, loaded after first paint and only with marketing consent (ADR 057).
startPixels(boot?.pixels);

// The page's start waits for its route table and modules. It is a function rather than top-level
// `await`s: Rolldown turns its chunk optimisations off for a build with top-level await (ADR 080).
async function start(container: HTMLElement) {
  // The route table: a funnel's page starts with its own flow's routes alone (ADR 043). Every page but a
  // funnel's first screen is drawn with TanStack Query at hand: a page reached later waits for it.
  const { routes, patchRoutesOnNavigation } = await browserRoutes(boot ?? undefined, window.location, loadQueryClient);

  // A page the server rendered (ADR 039) is hydrated: its route's modules are loaded first, so the
  // first render draws exactly the server's HTML. Otherwise (a logged-in visitor, a page drawn only
  // here, a visitor resuming a funnel from a saved place) the app renders it anew.
  const matched = await loadMatchedRoutes(routes, window.location);
  const hydrate = boot?.hydration !== undefined && container.firstElementChild !== null && serverViewHolds(matched);
  const router = createBrowserRouter(routes, {
    ...(hydrate ? { hydrationData: boot?.hydration } : {}),
    ...(patchRoutesOnNavigation ? { patchRoutesOnNavigation } : {}),
  });
  // A funnel's first screen, hydrated, runs without TanStack Query and without the flow's machine: they
  // are fetched once the page has loaded and the app has taken it over (ADR 043, ADR 080). Every other
  // page has Query before its first render; a funnel drawn here fetches its machine as it mounts.
  if (hydrate && matched.every(queriesAfterLoad)) {
    void afterStart.then(loadQueryClient);
    holdUntilFirstScreenDone(afterStart);
  } else await loadQueryClient();

  const App = () => {
    const queryClient = useAppQueryClient();
    return (
      <AppProviders queryClient={queryClient} auth={auth} catalog={catalog}>
        <RouterProvider router={router} />
      </AppProviders>
    );
  };
  const app = (
    <StrictMode>
      <App />
      <AppStarted container={container} how={hydrate ? "hydrated" : "rendered"} onStarted={() => started()} />
    </StrictMode>
  );
  // Hydrated as a transition, so React yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (one task of 120–250 ms on a 4× slower CPU, issue 31); an input meanwhile
  // hydrates its own part first. The page is already drawn: nothing waits for the rest.
  if (hydrate) startTransition(() => void hydrateRoot(container, app, { onRecoverableError: reportHydrationError }));
  else createRoot(container).render(app);
}
// A start that fails (a chunk the network lost) is logged, not left an unhandled rejection.
start(container).catch((error: unknown) => logClient("error", "The app could not start", error));
