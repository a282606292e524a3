import { dehydrate, QueryClient, type DehydratedState, type Query } from "@tanstack/react-query";
import { AsyncLocalStorage } from "node:async_hooks";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { AppProviders } from "../app/AppProviders.tsx";
import { appRoutes } from "../app/routes/routes.tsx";
import { ownFunnelTable, SITE_ROUTES_MODULE } from "../app/routes/routes-root.tsx";
import { preloadStepRenderers } from "../funnel/steps/step-renderer.ts";
import { renderForVisitor } from "../funnel/visitor-id.ts";
import { setApiTransport } from "../shared/api/client.ts";
import { createAuthSource } from "../shared/auth/auth-source.ts";
import { renderWithBootData } from "../shared/boot/boot-data.ts";
import { createCatalogSource } from "../shared/catalog/catalog-source.ts";
import { toCatalogMap } from "../shared/catalog/translate.ts";
import { moduleOf } from "./module-marks.ts";
import { QUERY_CLIENT_MODULE, queriesAfterLoad } from "../shared/query/queries-after-load.ts";

/**
 * The route table's handler for the live routes a page's boot data adds (ADR 066): the same for every
 * page until a publish changes them, so the last one is kept.
 */
let handlerOf: { added: string; handler: ReturnType<typeof createStaticHandler> } | undefined;
function handlerFor(boot: BootData): ReturnType<typeof createStaticHandler> {
  const added = JSON.stringify(boot.routes ?? []);
  if (handlerOf?.added !== added) handlerOf = { added, handler: createStaticHandler(appRoutes(boot.routes)) };
  return handlerOf.handler;
}
/** The API of the render under way: each render passes its own (the visitor's language and country, no cookies). */
const apiOfRender = new AsyncLocalStorage<typeof fetch>();
setApiTransport((input, init) => {
  const api = apiOfRender.getStore();
  return api ? api(input, init) : Promise.reject(new Error("the API is only called while a page is rendered"));
});
/** Every step kind's renderer, loaded once: a first step is then drawn without waiting. */
const renderersReady = preloadStepRenderers();

/** modules: the source modules of the page's routes (module-marks.ts), whose CSS and scripts its head fetches. */
/** Whether the page's render asked for this query (no observer runs on the server, so `enabled` is read as the page set it). */
function wanted(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}

export type RenderedPage = { html: string; status: number; loaderData: Record<string, unknown>; modules: string[]; queries: DehydratedState };

/**
 * A page as the app's first render draws it, for a visitor without a login (the boot data says so)
 * or, on an account page, for the customer the boot data names (ADR 075),
 * with the same route table, providers and components as src/web/main.tsx (ADR 039). null when the
 * page is not one to render here: a redirect, a route that failed, or a render that threw; the
 * app then renders it in the browser as before.
 */
export async function renderPage(url: string, boot: BootData, visitor: string, api: typeof fetch): Promise<RenderedPage | null> {
  await renderersReady;
  const handler = handlerFor(boot);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const catalog = createCatalogSource(toCatalogMap(boot.catalog.data));
  // Logged out, without asking; or, on an account page, the customer whose session the server proved (ADR 075).
  // The render only reads it: no machine runs here, and no logout waits in a server's storage.
  const auth = createAuthSource(boot.customer ? { type: "KNOWN", customer: boot.customer } : { type: "NO_SESSION" }, {
    load: () => Promise.reject(new Error("the login state is only read while a page is rendered")),
    pending: false,
  });
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <StrictMode>
      <AppProviders queryClient={queryClient} auth={auth} catalog={catalog}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  // Rendering is synchronous: the page's boot data and visitor are set for exactly that long.
  const draw = () => {
    renderWithBootData(boot);
    renderForVisitor(visitor);
    try {
      return renderToString(tree);
    } finally {
      renderWithBootData(undefined);
      renderForVisitor(null);
    }
  };
  try {
    let html = draw();
    // What the page asked the API for (the plans on /pricing…) is fetched, and the page drawn again
    // with it, so it arrives with its content; a page whose call fails is left to the browser.
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.data === undefined && wanted(q));
    if (waiting.length > 0) {
      const fetched = await apiOfRender.run(api, () =>
        Promise.all(
          waiting.map((q) =>
            q.fetch().then(
              () => true,
              () => false,
            ),
          ),
        ),
      );
      if (!fetched.every(Boolean)) return null;
      html = draw();
    }
    const modules = context.matches.flatMap(({ route }) => [moduleOf(route.Component), moduleOf(route.element)].filter((m) => m !== undefined));
    // A page drawn with TanStack Query fetches it with its modules; a funnel's first screen after load (ADR 043).
    if (!context.matches.every(({ route }) => queriesAfterLoad(route))) modules.push(QUERY_CLIENT_MODULE);
    // A page that is not one of its flow's fetches the rest of the table before its first render (src/web/app/routes/browser-routes.ts).
    if (!ownFunnelTable(boot, new URL(url))) modules.push(SITE_ROUTES_MODULE);
    const queries = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === "success" });
    return { html, status: context.statusCode, loaderData: context.loaderData, modules: [...new Set(modules)], queries };
  } finally {
    queryClient.clear();
  }
}
